//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM DES CHA: DES and 3DES in ECB, CBC, CFB and OFB.
//
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Security.Cryptography;
using Antmicro.Renode.Core;
using Antmicro.Renode.Core.Structure.Registers;
using Antmicro.Renode.Logging;
using Antmicro.Renode.Peripherals.Bus;
using Antmicro.Renode.Peripherals.CPU;
using Antmicro.Renode.Time;
using BcBlockCipher = Org.BouncyCastle.Crypto.IBlockCipher;
using BcDesEngine = Org.BouncyCastle.Crypto.Engines.DesEngine;
using BcDesEdeEngine = Org.BouncyCastle.Crypto.Engines.DesEdeEngine;
using BcKeyParameter = Org.BouncyCastle.Crypto.Parameters.KeyParameter;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public partial class NXP_CAAM
    {
        private partial class DescriptorRunner
        {
            // DES/3DES ECB and CBC (fsl_caam templateCipherDes: key immediate in the KEY command, IV
            // in the class 1 context). BouncyCastle's engines, which, like the DESA and unlike .NET's
            // DES classes, accept weak keys. 3DES is EDE with two (K1 K2 K1) or three keys.
            private void RunDes(uint word, byte[] data, bool triple, int commandIndex)
            {
                var aai = (word >> 4) & 0xFF;
                var encrypt = (word & 1) != 0;
                var key = classKey[0];
                if(triple ? key.Length != 16 && key.Length != 24 : key.Length != 8)
                {
                    throw new CaamException(CcbError(ChaDes, CcbKeySizeError, commandIndex), string.Format("{0} key of {1} bytes", triple ? "3DES" : "DES", key.Length));
                }
                if(aai == DesCfb64 || aai == DesOfb)
                {
                    RunDesFeedback(aai, encrypt, key, data, triple);
                    return;
                }
                if(aai != AesEcb && aai != AesCbc)
                {
                    throw new CaamException(CcbError(ChaDes, CcbModeError, commandIndex), string.Format("DES mode (AAI 0x{0:X}) not modelled", aai));
                }
                if(data.Length % DesBlockBytes != 0)
                {
                    throw new CaamException(CcbError(ChaDes, CcbDataSizeError, commandIndex), string.Format("{0} bytes is not a whole number of DES blocks", data.Length));
                }
                BcBlockCipher engine = triple ? (BcBlockCipher)new BcDesEdeEngine() : new BcDesEngine();
                engine.Init(encrypt, new BcKeyParameter(key));
                var chain = new byte[DesBlockBytes];
                Array.Copy(context[0], 0, chain, 0, DesBlockBytes);
                var result = new byte[data.Length];
                var block = new byte[DesBlockBytes];
                for(var offset = 0; offset < data.Length; offset += DesBlockBytes)
                {
                    if(aai == AesEcb)
                    {
                        engine.ProcessBlock(data, offset, result, offset);
                        continue;
                    }
                    if(encrypt)
                    {
                        for(var i = 0; i < DesBlockBytes; i++)
                        {
                            block[i] = (byte)(data[offset + i] ^ chain[i]);
                        }
                        engine.ProcessBlock(block, 0, result, offset);
                        Array.Copy(result, offset, chain, 0, DesBlockBytes);
                    }
                    else
                    {
                        engine.ProcessBlock(data, offset, block, 0);
                        for(var i = 0; i < DesBlockBytes; i++)
                        {
                            result[offset + i] = (byte)(block[i] ^ chain[i]);
                        }
                        Array.Copy(data, offset, chain, 0, DesBlockBytes);
                    }
                }
                if(aai == AesCbc)
                {
                    // The context keeps the last chaining value, as for AES-CBC.
                    Array.Copy(chain, 0, context[0], 0, DesBlockBytes);
                }
                Charge(DesUnit(triple), data.Length / DesBlockBytes, triple ? caam.Des3CyclesPerBlock : caam.DesCyclesPerBlock);
                output.AddRange(result);
            }

            // DES/3DES CFB with 64-bit feedback and OFB (FIPS 81), the IV in the class 1 context as
            // for CBC: the block cipher only ever encrypts the feedback register, and the last
            // register value is left in the context. A partial last block is allowed (stream modes).
            private void RunDesFeedback(uint aai, bool encrypt, byte[] key, byte[] data, bool triple)
            {
                BcBlockCipher engine = triple ? (BcBlockCipher)new BcDesEdeEngine() : new BcDesEngine();
                engine.Init(true, new BcKeyParameter(key));
                var register = new byte[DesBlockBytes];
                Array.Copy(context[0], 0, register, 0, DesBlockBytes);
                var keystream = new byte[DesBlockBytes];
                var result = new byte[data.Length];
                for(var offset = 0; offset < data.Length; offset += DesBlockBytes)
                {
                    engine.ProcessBlock(register, 0, keystream, 0);
                    var count = Math.Min(DesBlockBytes, data.Length - offset);
                    for(var i = 0; i < count; i++)
                    {
                        result[offset + i] = (byte)(data[offset + i] ^ keystream[i]);
                    }
                    if(aai == DesOfb)
                    {
                        Array.Copy(keystream, register, DesBlockBytes);
                    }
                    else if(count == DesBlockBytes)
                    {
                        Array.Copy(encrypt ? result : data, offset, register, 0, DesBlockBytes);
                    }
                }
                Array.Copy(register, 0, context[0], 0, DesBlockBytes);
                Charge(DesUnit(triple), (data.Length + DesBlockBytes - 1) / DesBlockBytes, triple ? caam.Des3CyclesPerBlock : caam.DesCyclesPerBlock);
                output.AddRange(result);
            }
        }
    }
}
