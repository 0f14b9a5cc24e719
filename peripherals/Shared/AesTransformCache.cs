//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// AES-ECB transforms of the last key used. Creating them per job or packet dominates the host
// time of single-block work (CTR_DRBG's jobs on the CAAM, NXP's AES-CFB8 on the DCP: one packet per
// byte). Shared by the models whose include names this file; why it is internal and outside any
// namespace: peripherals/Shared/README.md.
//
using System.Linq;
using System.Security.Cryptography;

internal sealed class AesTransformCache
{
    public ICryptoTransform Get(byte[] key, bool encrypt)
    {
        if(cachedKey == null || !cachedKey.SequenceEqual(key))
        {
            var aes = Aes.Create();
            aes.Mode = CipherMode.ECB;
            aes.Padding = PaddingMode.None;
            aes.Key = key;
            encryptor = aes.CreateEncryptor();
            decryptor = aes.CreateDecryptor();
            cachedKey = (byte[])key.Clone();
        }
        return encrypt ? encryptor : decryptor;
    }

    private byte[] cachedKey;
    private ICryptoTransform encryptor;
    private ICryptoTransform decryptor;
}
