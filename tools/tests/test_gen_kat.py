"""The selftest's vector table carries the digests FIPS 180-4 publishes."""
import gen_kat


def test_generated_table_contains_published_digests(tmp_path):
    out = tmp_path / "kat_vectors.c"
    gen_kat.check_sha()
    gen_kat.check_aes()
    out.write_text(gen_kat.header())
    text = out.read_text()
    for (_, _message), digest in gen_kat.PUBLISHED_SHA.items():
        first = ", ".join(f"0x{b:02x}" for b in bytes.fromhex(digest)[:8])
        assert first in text
    for lengths in gen_kat.SHA_LENGTHS:
        assert f", {lengths}u, " in text
    assert text.count('{"cbc", 1,') == 3 and text.count('{"ecb", 0,') == 3


def test_message_lengths_match_the_issue():
    assert gen_kat.SHA_LENGTHS == (0, 3, 55, 56, 64, 119, 120, 1000)
    assert all(len(gen_kat.sha_message(n)) == n for n in gen_kat.SHA_LENGTHS)
