//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM descriptor runner: runs one job descriptor; its state, the command loop, work
// accounting and the output side (stores, scatter, memory writes, descriptor fetch).
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
using BcBigInteger = Org.BouncyCastle.Math.BigInteger;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public partial class NXP_CAAM
    {
        // Executes one job descriptor: the command interpreter and the CHAs it drives.
        private partial class DescriptorRunner
        {
            public DescriptorRunner(NXP_CAAM caam, uint address)
            {
                this.caam = caam;
                this.address = address;
                Writes = new List<MemoryWrite>();
                classKey = new byte[2][];
                classKey[0] = new byte[0];
                classKey[1] = new byte[0];
                context = new byte[2][];
                context[0] = new byte[ContextBytes];
                context[1] = new byte[ContextBytes];
                input = new List<byte>[2];
                input[0] = new List<byte>();
                input[1] = new List<byte>();
                output = new List<byte>();
                stores = new List<StoreRequest>();
                pkha = new Dictionary<int, byte[]>();
            }

            public uint Run()
            {
                try
                {
                    Execute();
                    return haltStatus;
                }
                catch(CaamException e)
                {
                    caam.Log(LogLevel.Warning, "Descriptor at 0x{0:X}: {1} (status 0x{2:X8})", address, e.Message, e.Status);
                    Writes.Clear();
                    return e.Status;
                }
                catch(Exception e)
                {
                    // Anything unexpected is still the guest's descriptor's fault: report, never crash.
                    caam.Log(LogLevel.Warning, "Descriptor at 0x{0:X}: rejected ({1})", address, e.Message);
                    Writes.Clear();
                    return DecoError(DecoInvalidCommand, index);
                }
            }

            public List<MemoryWrite> Writes { get; }
            public ulong Cycles { get; private set; }
            // Cycles per unit of engine work (Charge).
            public Dictionary<string, double> Work { get; } = new Dictionary<string, double>();

            private void Execute()
            {
                var header = ReadWords(address, 1, DecoHeaderError)[0];
                if((header >> 27) != CommandHeader || (header & HeaderOne) == 0)
                {
                    throw new CaamException(DecoError(DecoHeaderError, 0), string.Format("0x{0:X8} is not a job descriptor header", header));
                }
                var jobLength = (int)(header & 0x7F);
                if(jobLength < 1 || jobLength > MaximumDescriptorWords)
                {
                    throw new CaamException(DecoError(DecoHeaderError, 0), string.Format("descriptor length {0} words", jobLength));
                }
                var jobWords = ReadWords(address, jobLength, DecoHeaderError);
                if((header & HeaderShared) == 0)
                {
                    RunCommands(jobWords, Math.Max(1, (int)((header >> 16) & 0x3F)));
                }
                else
                {
                    RunWithSharedDescriptor(header, jobWords);
                }
                FlushClass(0, true);
                FlushClass(1, true);
                ResolveStores(true);
            }

            // Runs the commands of one descriptor (a job or a shared descriptor) from `start`. The
            // words between the header and the start index are its protocol data block.
            private void RunCommands(uint[] descriptor, int start)
            {
                words = descriptor;
                length = descriptor.Length;
                index = start;
                pdbEnd = start;
                while(index < length && !halted)
                {
                    if(++executed > MaximumCommands)
                    {
                        throw new CaamException(DecoError(DecoWatchdog, index), "descriptor loops (watchdog)");
                    }
                    ExecuteCommand();
                }
            }

            private void ExecuteCommand()
            {
                var word = words[index];
                var type = word >> 27;
                switch(type)
                {
                case CommandKey:
                    Key(word);
                    break;
                case CommandLoad:
                    Load(word);
                    break;
                case CommandFifoLoad:
                    FifoLoad(word);
                    break;
                case CommandStore:
                    Store(word);
                    break;
                case CommandFifoStore:
                    FifoStore(word);
                    break;
                case CommandMove:
                    Move(word);
                    break;
                case CommandOperation:
                    Operation(word);
                    break;
                case CommandJump:
                    Jump(word);
                    break;
                case CommandMath:
                    throw new CaamException(DecoError(DecoInvalidMath, index), "MATH commands are not modelled");
                case CommandSeqKey:
                    SeqKey(word);
                    break;
                case CommandSeqLoad:
                    SeqLoad(word);
                    break;
                case CommandSeqFifoLoad:
                    SeqFifoLoad(word);
                    break;
                case CommandSeqStore:
                    SeqStore(word);
                    break;
                case CommandSeqFifoStore:
                    SeqFifoStore(word);
                    break;
                case CommandSeqInPointer:
                    SeqInPointer(word);
                    break;
                case CommandSeqOutPointer:
                    SeqOutPointer(word);
                    break;
                default:
                    throw new CaamException(DecoError(DecoInvalidCommand, index), string.Format("unknown command 0x{0:X8}", word));
                }
            }

            // Adds `units` of one kind of engine work at `cyclesPerUnit` each. Work keeps the units
            // whatever the costs are, so that a profile can price them with its own
            // (models/accelerators/caam.py).
            private void Charge(string unit, double units, ulong cyclesPerUnit)
            {
                Cycles += (ulong)(units * cyclesPerUnit);
                double done;
                Work[unit] = (Work.TryGetValue(unit, out done) ? done : 0) + units;
            }

            private void ChargeHash(uint algorithm, bool wide, int blocks)
            {
                var unit = wide ? "sha512_blocks" : algorithm == AlgorithmSha1 ? "sha1_blocks" : "sha256_blocks";
                Charge(unit, blocks, wide ? caam.Sha512CyclesPerBlock : algorithm == AlgorithmSha1 ? caam.Sha1CyclesPerBlock : caam.Sha256CyclesPerBlock);
            }

            private static string AesUnit(byte[] key)
            {
                return string.Format("aes{0}_blocks", key.Length * 8);
            }

            private static string DesUnit(bool triple)
            {
                return triple ? "des3_blocks" : "des_blocks";
            }

            private byte[] Pkha(int register)
            {
                byte[] value;
                return pkha.TryGetValue(register, out value) ? value : new byte[0];
            }

            private static BcBigInteger Unsigned(byte[] bytes)
            {
                return bytes.Length == 0 ? BcBigInteger.Zero : new BcBigInteger(1, bytes);
            }

            // Hands produced output to the FIFO STOREs waiting for it, in order.
            private void ResolveStores(bool final)
            {
                while(stores.Count > 0)
                {
                    var request = stores[0];
                    if(output.Count < request.Length)
                    {
                        if(!final)
                        {
                            return;
                        }
                        throw new CaamException(DecoError(DecoInvalidFifoStore, request.Index), string.Format("FIFO STORE of {0} bytes but only {1} were produced", request.Length, output.Count));
                    }
                    var data = output.GetRange(0, request.Length).ToArray();
                    output.RemoveRange(0, request.Length);
                    stores.RemoveAt(0);
                    if(request.Skip)
                    {
                        continue;
                    }
                    if(request.Sequence)
                    {
                        WriteOutputSequence(data, request.Index);
                    }
                    else if(request.Gather)
                    {
                        Scatter(request.Address, 0, data, request.Index);
                    }
                    else
                    {
                        Write(request.Address, data, DecoInvalidFifoStore, request.Index);
                    }
                }
            }

            // Writes `data` to the memory a scatter/gather table describes, from byte `skip` of it.
            private void Scatter(ulong table, int skip, byte[] data, int commandIndex)
            {
                var done = 0;
                var entries = 0;
                var entry = table;
                while(done < data.Length)
                {
                    if(++entries > MaximumGatherEntries)
                    {
                        throw new CaamException(DecoError(DecoLinkLength, commandIndex), "scatter/gather table does not end");
                    }
                    var raw = caam.ReadMemory(entry, 16, DecoInvalidFifoStore, commandIndex);
                    var pointer = BitConverter.ToUInt32(raw, 4);
                    var control = BitConverter.ToUInt32(raw, 8);
                    if((control & SgtExtension) != 0)
                    {
                        entry = pointer;
                        continue;
                    }
                    var entryLength = (int)(control & 0x3FFFFFFF);
                    if(skip >= entryLength)
                    {
                        skip -= entryLength;
                        if((control & SgtFinal) != 0)
                        {
                            break;
                        }
                        entry += 16;
                        continue;
                    }
                    var take = Math.Min(entryLength - skip, data.Length - done);
                    var chunk = new byte[take];
                    Array.Copy(data, done, chunk, 0, take);
                    Write(pointer + (uint)skip, chunk, DecoInvalidFifoStore, commandIndex);
                    skip = 0;
                    done += take;
                    if((control & SgtFinal) != 0)
                    {
                        break;
                    }
                    entry += 16;
                }
                if(done < data.Length)
                {
                    throw new CaamException(DecoError(DecoLinkLength, commandIndex), "scatter/gather table too short for the output");
                }
            }

            private void Write(ulong pointer, byte[] data, uint errorCode, int commandIndex)
            {
                if(!caam.IsReachable(pointer, (ulong)data.Length))
                {
                    throw new CaamException(DecoError(DecoDmaError, commandIndex), string.Format("write of {0} bytes at 0x{1:X} is outside the CAAM's reach", data.Length, pointer));
                }
                Writes.Add(new MemoryWrite { Address = pointer, Data = data });
            }

            // The bytes of a KEY/LOAD/FIFO LOAD: inline after the command word, or behind a pointer.
            private byte[] Fetch(bool immediate, int size, uint errorCode)
            {
                var commandIndex = index;
                if(immediate)
                {
                    var wordCount = (size + 3) / 4;
                    if(index + 1 + wordCount > length)
                    {
                        throw new CaamException(DecoError(errorCode, commandIndex), "immediate data runs past the end of the descriptor");
                    }
                    var data = new byte[size];
                    for(var i = 0; i < size; i++)
                    {
                        // Immediate bytes are in memory order (the SDK memcpy()s them into the descriptor).
                        var value = words[index + 1 + i / 4];
                        data[i] = (byte)(value >> (8 * (i % 4)));
                    }
                    index += 1 + wordCount;
                    return data;
                }
                var pointer = NextWord(errorCode);
                index++;
                return caam.ReadMemory(pointer, size, errorCode, commandIndex);
            }

            // The word after the current position (pointer or length); advances past it.
            private uint NextWord(uint errorCode)
            {
                var commandIndex = index;
                if(index + 1 >= length)
                {
                    throw new CaamException(DecoError(errorCode, commandIndex), "command runs past the end of the descriptor");
                }
                index++;
                return words[index];
            }

            private uint[] ReadWords(ulong at, int count, uint errorCode)
            {
                var bytes = caam.ReadMemory(at, 4 * count, errorCode, 0);
                var result = new uint[count];
                for(var i = 0; i < count; i++)
                {
                    result[i] = BitConverter.ToUInt32(bytes, 4 * i);
                }
                return result;
            }

            private readonly NXP_CAAM caam;
            private readonly uint address;
            private readonly byte[][] classKey;

            private readonly byte[][] context;
            private readonly List<byte>[] input;
            private readonly List<byte> output;
            private readonly List<StoreRequest> stores;
            private readonly Dictionary<int, byte[]> pkha;
            private readonly uint[] operation = new uint[2];
            private readonly int[] operationIndex = new int[2];
            private uint[] words;
            private int length;
            private int index;
            private int pdbEnd;
            private int executed;
            private readonly ulong[] math = new ulong[MathRegisters];
            private bool halted;
            private uint haltStatus;
            private uint dataSize;
            private uint pkhaFlags;
            private uint icvSize;
            private bool class1Last;
            private byte[] aeadIv = new byte[0];
            private readonly List<byte> aad = new List<byte>();
            private readonly List<byte> icv = new List<byte>();

            private const int ContextBytes = 128;

            private const uint HeaderOne = 1u << 23;
            private const uint HeaderShared = 1u << 12;
            private const uint CommandKey = 0x00;
            private const uint CommandSeqKey = 0x01;
            private const uint CommandLoad = 0x02;
            private const uint CommandSeqLoad = 0x03;
            private const uint CommandFifoLoad = 0x04;
            private const uint CommandSeqFifoLoad = 0x05;
            private const uint CommandStore = 0x0A;
            private const uint CommandSeqStore = 0x0B;
            private const uint CommandFifoStore = 0x0C;
            private const uint CommandSeqFifoStore = 0x0D;
            private const uint CommandMove = 0x0F;
            private const uint CommandOperation = 0x10;
            private const uint CommandJump = 0x14;
            private const uint CommandMath = 0x15;
            private const uint CommandHeader = 0x16;
            private const uint CommandSeqInPointer = 0x1E;
            private const uint CommandSeqOutPointer = 0x1F;

            // STORE sources MATH0..MATH3 (desc.h LDST_SRCDST_WORD_DECO_MATH0 = 0x08 << 16).
            private const uint StoreMath0 = 0x08;
            private const int MathRegisters = 4;

            private const uint LoadModeRegister = 0x00;
            private const uint LoadDataSize = 0x02;
            private const uint LoadIcvSize = 0x03;
            private const uint LoadClearWritten = 0x08;
            private const uint LoadPkhaASize = 0x10;
            private const uint LoadPkhaESize = 0x13;
            private const uint LoadContext = 0x20;
            private const uint LoadKey = 0x40;

            private const int FifoMessage = 0x10;
            private const int FifoIv = 0x20;
            private const int FifoBitData = 0x28;
            private const int FifoAad = 0x30;
            private const int FifoIcv = 0x38;
            private const int FifoLast1 = 0x02;
            private const int FifoStoreMessage = 0x30;
            private const int FifoStoreRngStore = 0x34;
            private const int FifoStoreRngFifo = 0x35;
            private const int FifoStoreSkip = 0x3F;
            private const uint SgtExtension = 1u << 31;
            private const uint SgtFinal = 1u << 30;

            private const uint MoveClass1Context = 0x0;
            private const uint MoveClass2Context = 0x1;
            private const uint MoveOutputFifo = 0x2;
            private const uint MoveClass1InputFifo = 0x8;
            private const uint MoveClass2InputFifo = 0x9;
            private const uint MoveClass1Key = 0xD;
            private const uint MoveClass2Key = 0xE;

            private const uint OperationUnidirectionalProtocol = 0;
            private const uint OperationPkha = 1;
            private const uint ProtocolEccKeyPair = 0x14;
            private const uint ProtocolDsaSign = 0x15;
            private const uint ProtocolDsaVerify = 0x16;
            private const uint ProtocolRsaEncrypt = 0x18;
            private const uint ProtocolRsaDecrypt = 0x19;
            private const uint ProtocolInfoF2m = 1u << 0;
            private const uint ProtocolInfoEcc = 1u << 1;
            private const uint ProtocolInfoSignature = 1u << 11;
            private const int RsaFormatPkcs1 = 1;
            private const uint OperationClass1 = 2;
            private const uint OperationClass2 = 4;
            private const uint AlgorithmAes = 0x10;
            private const uint AlgorithmDes = 0x20;
            private const uint Algorithm3Des = 0x21;
            private const int DesBlockBytes = 8;
            private const uint AlgorithmMd5 = 0x40;
            private const uint AlgorithmSha1 = 0x41;
            private const uint AlgorithmSha224 = 0x42;
            private const uint AlgorithmSha256 = 0x43;
            private const uint AlgorithmSha384 = 0x44;
            private const uint AlgorithmSha512 = 0x45;
            private const uint AlgorithmRng = 0x50;
            private const uint AlgorithmCrc = 0x90;
            private const uint CrcIeee802 = 0x01;
            private const uint CrcIetf3385 = 0x02;
            private const uint CrcCustom = 0x04;
            private const uint CrcNoInputSwap = 0x10;
            private const uint CrcNoOutputSwap = 0x20;
            private const uint CrcNoComplement = 0x40;
            private const uint CrcInitialZero = 0x80;
            private const uint AesCtr = 0x00;
            private const uint AesCbc = 0x10;
            private const uint AesEcb = 0x20;
            private const uint AesCmac = 0x60;
            private const uint AesXcbcMac = 0x70;
            private const uint DesCfb64 = 0x30;
            private const uint DesOfb = 0x40;
            private const uint AesCcm = 0x80;
            private const uint MdhaHmac = 0x01;
            private const uint StateInitFinal = 3;
            private const uint AesGcm = 0x90;
            private const uint OperationIcvTest = 0x2;
            private const uint RngInstantiate = 1;
            private const uint RngReseed = 2;
            private const uint RngUninstantiate = 3;
            private const uint RngStateHandle1 = 0x001;
            private const uint RngNonZero = 0x010;
            private const uint RngOddParity = 0x020;
            private const uint RngSecureKeys = 0x100;
            private const uint RngPredictionResistance = 1u << 1;

            private const int PkhaA0 = 0x00;
            private const int PkhaA1 = 0x01;
            private const int PkhaA2 = 0x02;
            private const int PkhaA3 = 0x03;
            private const int PkhaB0 = 0x04;
            private const int PkhaB1 = 0x05;
            private const int PkhaB2 = 0x06;
            private const int PkhaB3 = 0x07;
            private const int PkhaN = 0x08;
            private const int PkhaA = 0x0C;
            private const int PkhaB = 0x0D;
            private const int PkhaE = 0x10;   // not a FIFO type: the KEY command's PKHA E destination
            private const uint PkhaClear = 0x01;
            private const uint PkhaModAdd = 0x02;
            private const uint PkhaModSubAB = 0x03;
            private const uint PkhaModSubBA = 0x04;
            private const uint PkhaModMultiply = 0x05;
            private const uint PkhaModExponent = 0x06;
            private const uint PkhaModReduce = 0x07;
            private const uint PkhaModInverse = 0x08;
            private const uint PkhaEccAdd = 0x09;
            private const uint PkhaEccDouble = 0x0A;
            private const uint PkhaEccMultiply = 0x0B;
            private const uint PkhaMontgomeryR2 = 0x0C;
            private const uint PkhaGcd = 0x0E;
            private const uint PkhaMontgomeryIn = 0x8;
            private const uint PkhaMontgomeryOut = 0x4;
            private const uint PkhaF2m = 0x2;
            private const uint PkhaFlagZero = 0x80;
            private const uint PkhaFlagGcdOne = 0x40;
            // JUMP condition PK_PRIME (desc.h JUMP_COND_PK_PRIME, bit 13 of the JUMP word).
            private const uint PkhaFlagPrime = 0x20;
            private const uint PkhaPrimalityTest = 0x0F;
            private const int MaximumPrimalityTrials = 256;
        }
    }
}
