"""Reading the `@sdk` verdict lines of the SDK conformance images (firmware/sdk/check.h).

The API lists below are written from the drivers' public headers (fsl_dcp.h 2.1.7,
fsl_caam.h 2.4.0): a call that no check exercises fails the suite as surely as a failed check.
"""
from __future__ import annotations

import json

# Every function fsl_dcp.h declares.
DCP_API = [
    "DCP_Init", "DCP_Deinit", "DCP_GetDefaultConfig", "DCP_WaitForChannelComplete",
    "DCP_AES_SetKey", "DCP_AES_EncryptEcb", "DCP_AES_DecryptEcb", "DCP_AES_EncryptCbc",
    "DCP_AES_DecryptCbc", "DCP_AES_EncryptEcbNonBlocking", "DCP_AES_DecryptEcbNonBlocking",
    "DCP_AES_EncryptCbcNonBlocking", "DCP_AES_DecryptCbcNonBlocking", "DCP_HASH_Init",
    "DCP_HASH_Update", "DCP_HASH_Finish", "DCP_HASH",
]

# The fsl_caam.h calls the conformance image exercises today, and the RT1170 clock driver calls
# it starts with. The rest of fsl_caam.h (blobs, black keys, PKHA arithmetic beyond ModExp, ECC
# and RSA helpers, the Extended and NonBlocking variants of every mode) is listed as not yet
# covered in peripherals/docs/NXP_CAAM.md.
CAAM_API = [
    "CLOCK_InitArmPll", "CLOCK_InitSysPll2", "CLOCK_InitSysPll3", "CLOCK_SetRootClock",
    "CLOCK_EnableClock", "CAAM_Init", "CAAM_Deinit", "CAAM_Wait", "CAAM_AES_EncryptEcb",
    "CAAM_AES_DecryptEcb", "CAAM_AES_EncryptEcbNonBlocking", "CAAM_AES_EncryptCbc",
    "CAAM_AES_DecryptCbc", "CAAM_AES_CryptCtr", "CAAM_AES_EncryptTagGcm", "CAAM_AES_DecryptTagGcm",
    "CAAM_AES_EncryptTagCcm", "CAAM_AES_DecryptTagCcm", "CAAM_HASH", "CAAM_HASH_Init",
    "CAAM_HASH_Update", "CAAM_HASH_Finish", "CAAM_HMAC", "CAAM_CRC", "CAAM_CRC_Init", "CAAM_CRC_Update",
    "CAAM_CRC_Finish", "CAAM_DES_EncryptEcb",
    "CAAM_DES_DecryptEcb", "CAAM_DES_EncryptCbc", "CAAM_DES_DecryptCbc", "CAAM_DES2_EncryptCbc",
    "CAAM_DES3_EncryptCbc", "CAAM_DES_EncryptCfb", "CAAM_DES_EncryptOfb", "CAAM_RNG_GetRandomData",
    "CAAM_RNG_Reseed", "CAAM_PKHA_ModExp", "CAAM_PKHA_ModAdd", "CAAM_PKHA_ModSub1",
    "CAAM_PKHA_ModSub2", "CAAM_PKHA_ModMul", "CAAM_PKHA_ModRed", "CAAM_PKHA_ModInv",
    "CAAM_PKHA_ModGcd", "CAAM_PKHA_ModR2", "CAAM_PKHA_NormalToMontgomery",
    "CAAM_PKHA_MontgomeryToNormal", "CAAM_PKHA_PrimalityTest", "CAAM_PKHA_ECC_PointAdd",
    "CAAM_PKHA_ECC_PointDouble", "CAAM_PKHA_ECC_PointMul", "CAAM_ECC_VerifyPublicKey",
    "CAAM_ECC_KeyPair", "CAAM_ECC_Sign", "CAAM_RSA_Encrypt", "CAAM_RSA_Decrypt",
]

APIS = {"dcp": DCP_API, "caam": CAAM_API}

# Checks of modes the model does not run yet, by (call, words of the case). Each must be refused
# with an SDK error status (non-zero status_t); a refused mode that starts to succeed, or one
# that fails silently with status 0, fails the suite. Listed with why in
# peripherals/docs/NXP_CAAM.md ("Refused through the SDK").
REFUSED: dict[str, list[tuple[str, str]]] = {}


def is_refused(driver: str, verdict: dict) -> bool:
    return any(verdict["call"] == call and words in verdict["case"]
               for call, words in REFUSED.get(driver, []))


def parse_verdicts(lines: list[str]) -> list[dict]:
    """The JSON of every `@sdk {...}` line, in order; an unreadable line raises."""
    verdicts = []
    for line in lines:
        text = line.strip()
        if text.startswith("@sdk {"):
            verdicts.append(json.loads(text[len("@sdk "):]))
    return verdicts


def verdict_summary(lines: list[str], driver: str) -> str:
    """One line per call: passed/total checks; raises AssertionError naming every failed check
    and every call of the driver's list that no check exercised."""
    verdicts = parse_verdicts(lines)
    if not verdicts:
        raise AssertionError("the image printed no @sdk lines")
    per_call: dict[str, list[int]] = {}
    failures = []
    refused = 0
    for verdict in verdicts:
        counts = per_call.setdefault(verdict["call"], [0, 0])
        counts[1] += 1
        if is_refused(driver, verdict):
            refused += 1
            if verdict["status"] == 0:
                failures.append(f"{verdict['call']} ({verdict['case']}): listed as refused "
                                f"but returned success (ok={verdict['ok']}); update REFUSED")
            continue
        if verdict["ok"]:
            counts[0] += 1
        else:
            failures.append(f"{verdict['call']} ({verdict['case']}): status {verdict['status']}")
    missing = [call for call in APIS[driver] if call not in per_call]
    summary = "\n".join(f"{call}: {ok}/{total}" for call, (ok, total) in per_call.items())
    passed = sum(ok for ok, _ in per_call.values())
    total = sum(total for _, total in per_call.values())
    summary += (f"\n{driver}: {passed}/{total - refused} checks passed, {refused} refused with an "
                f"SDK error status as documented, {len(per_call)} calls")
    problems = []
    if failures:
        problems.append(f"{len(failures)} failed: " + "; ".join(failures))
    if missing:
        problems.append("never exercised: " + ", ".join(missing))
    if problems:
        raise AssertionError(summary + "\n" + "\n".join(problems))
    return summary
