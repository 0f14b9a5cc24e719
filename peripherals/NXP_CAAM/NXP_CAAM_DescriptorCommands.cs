//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM descriptor commands: KEY, LOAD, FIFO LOAD (with gather tables), STORE,
// FIFO STORE, MOVE, OPERATION and JUMP, and the class flush that hands data to the CHAs.
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

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public partial class NXP_CAAM
    {
        private partial class DescriptorRunner
        {
            private void Key(uint word)
            {
                var immediate = (word & (1u << 23)) != 0;
                var commandIndex = index;
                var data = Fetch(immediate, KeyBytesRead(word, commandIndex), DecoInvalidKey);
                PutKey(word, data, commandIndex);
            }

            // The bytes a KEY or SEQ KEY reads: LENGTH, or for a black key (ENC) the size of its
            // encrypted form (NXP_CAAM_BlackKeys.cs).
            private int KeyBytesRead(uint word, int commandIndex)
            {
                var size = (int)(word & 0x3FF);
                return (word & KeyEncrypted) != 0 ? BlackKeyLength(word, size, commandIndex) : size;
            }

            // Puts a KEY's bytes in the register it names, unwrapping a black key first.
            private void PutKey(uint word, byte[] data, int commandIndex)
            {
                var cls = (int)((word >> 25) & 3);
                var destination = (word >> 16) & 3;
                if((word & KeyEncrypted) != 0)
                {
                    data = UnwrapBlackKey(word, data, (int)(word & 0x3FF), commandIndex);
                }
                if(cls == 1 && destination == 0)
                {
                    classKey[0] = data;
                }
                else if(cls == 1 && destination == 1)
                {
                    pkha[PkhaE] = data;
                }
                else if(cls == 2 && destination == 0)
                {
                    classKey[1] = data;
                }
                else
                {
                    throw new CaamException(DecoError(DecoInvalidKey, commandIndex), string.Format("KEY class {0} destination {1} not supported", cls, destination));
                }
            }

            private void Load(uint word)
            {
                var immediate = (word & (1u << 23)) != 0;
                var size = (int)(word & 0xFF);
                var commandIndex = index;
                var data = Fetch(immediate, size, DecoInvalidLoad);
                ApplyLoad(word, data, commandIndex);
            }

            // Puts a LOAD's (or SEQ LOAD's) bytes in the register it names.
            private void ApplyLoad(uint word, byte[] data, int commandIndex)
            {
                var cls = (int)((word >> 25) & 3);
                var destination = (word >> 16) & 0x7F;
                var offset = (int)((word >> 8) & 0xFF);
                var size = data.Length;
                if(destination == LoadContext && (cls == 1 || cls == 2))
                {
                    if(offset + size > ContextBytes)
                    {
                        throw new CaamException(DecoError(DecoInvalidLoad, commandIndex), "context load beyond the context register");
                    }
                    FlushClass(cls - 1);
                    Array.Copy(data, 0, context[cls - 1], offset, size);
                    return;
                }
                if(destination == LoadKey && (cls == 1 || cls == 2))
                {
                    classKey[cls - 1] = data;
                    return;
                }
                if(destination <= LoadIcvSize || destination == LoadClearWritten || (destination >= LoadPkhaASize && destination <= LoadPkhaESize))
                {
                    // Word registers take a native (little-endian) word, inline or from memory.
                    var value = data.Length >= 4 ? BitConverter.ToUInt32(data, 0) : 0u;
                    if(destination == LoadDataSize && cls == 1)
                    {
                        dataSize = value;
                    }
                    else if(destination == LoadIcvSize && cls == 1)
                    {
                        icvSize = value;
                    }
                    else if(destination == LoadClearWritten)
                    {
                        FlushClass(0);
                        FlushClass(1);
                        input[0].Clear();
                        input[1].Clear();
                        aad.Clear();
                        icv.Clear();
                        class1Last = false;
                        operation[0] = 0;
                        operation[1] = 0;
                    }
                    return;
                }
                throw new CaamException(DecoError(DecoInvalidLoad, commandIndex), string.Format("LOAD destination 0x{0:X} not supported", destination));
            }

            private void FifoLoad(uint word)
            {
                var cls = (int)((word >> 25) & 3);
                var gather = (word & (1u << 24)) != 0;
                var immediate = (word & (1u << 23)) != 0;
                var extended = (word & (1u << 22)) != 0;
                var dataType = (int)((word >> 16) & 0x3F);
                var commandIndex = index;
                byte[] data;
                if(immediate)
                {
                    data = Fetch(true, (int)(word & 0xFFFF), DecoInvalidFifoLoad);
                }
                else
                {
                    var pointer = NextWord(DecoInvalidFifoLoad);
                    var size = extended ? NextWord(DecoInvalidFifoLoad) : (word & 0xFFFF);
                    if(size > MaximumTransfer)
                    {
                        throw new CaamException(DecoError(DecoInvalidFifoLoad, commandIndex), string.Format("FIFO LOAD of {0} bytes", size));
                    }
                    data = gather ? Gather(pointer, 0, (int)size, commandIndex) : caam.ReadMemory(pointer, (int)size, DecoInvalidFifoLoad, commandIndex);
                    index++;
                }
                DeliverFifoLoad(cls, dataType, data, commandIndex);
            }

            // Hands a FIFO LOAD's (or SEQ FIFO LOAD's) bytes to the input FIFO, PKHA register or
            // class-1 AAD/ICV/IV its type names.
            private void DeliverFifoLoad(int cls, int dataType, byte[] data, int commandIndex)
            {
                if(cls == 1 && dataType < 0x10)
                {
                    if(dataType > PkhaB || (dataType > PkhaN && dataType < PkhaA))
                    {
                        throw new CaamException(DecoError(DecoInvalidFifoLoad, commandIndex), string.Format("PKHA register 0x{0:X} not supported", dataType));
                    }
                    pkha[dataType == PkhaA ? PkhaA0 : (dataType == PkhaB ? PkhaB0 : dataType)] = data;
                    return;
                }
                var kind = dataType & 0x38;
                if((cls & 1) != 0 && (dataType & FifoLast1) != 0 && kind != FifoIv)
                {
                    class1Last = true;
                }
                if(kind == FifoAad && cls == 1)
                {
                    aad.AddRange(data);
                    return;
                }
                if(kind == FifoIcv && cls == 1)
                {
                    icv.AddRange(data);
                    return;
                }
                if(kind == FifoMessage || kind == FifoBitData)
                {
                    if(cls == 0)
                    {
                        throw new CaamException(DecoError(DecoInvalidFifoLoad, commandIndex), "message data for no class");
                    }
                    if((cls & 1) != 0)
                    {
                        input[0].AddRange(data);
                    }
                    if((cls & 2) != 0)
                    {
                        input[1].AddRange(data);
                    }
                    return;
                }
                if(kind == FifoIv && cls == 1)
                {
                    if(data.Length > ContextBytes)
                    {
                        throw new CaamException(DecoError(DecoInvalidFifoLoad, commandIndex), "IV longer than the context register");
                    }
                    Array.Copy(data, 0, context[0], 0, data.Length);
                    aeadIv = data;
                    return;
                }
                throw new CaamException(DecoError(DecoInvalidFifoLoad, commandIndex), string.Format("FIFO LOAD type 0x{0:X} for class {1} not supported", dataType, cls));
            }

            // `size` bytes of the data a scatter/gather table describes, from byte `skip` of it.
            private byte[] Gather(ulong table, int skip, int size, int commandIndex)
            {
                var result = new List<byte>();
                var entries = 0;
                var entry = table;
                while(result.Count < size)
                {
                    if(++entries > MaximumGatherEntries)
                    {
                        throw new CaamException(DecoError(DecoLinkLength, commandIndex), "scatter/gather table does not end");
                    }
                    var raw = caam.ReadMemory(entry, 16, DecoInvalidFifoLoad, commandIndex);
                    var high = BitConverter.ToUInt32(raw, 0);
                    var pointer = BitConverter.ToUInt32(raw, 4);
                    var control = BitConverter.ToUInt32(raw, 8);
                    var length = (int)(control & 0x3FFFFFFF);
                    if(high != 0)
                    {
                        throw new CaamException(DecoError(DecoDmaError, commandIndex), "scatter/gather entry above 4 GiB");
                    }
                    if((control & SgtExtension) != 0)
                    {
                        entry = pointer;
                        continue;
                    }
                    if(skip >= length)
                    {
                        skip -= length;
                        if((control & SgtFinal) != 0)
                        {
                            break;
                        }
                        entry += 16;
                        continue;
                    }
                    var take = Math.Min(length - skip, size - result.Count);
                    result.AddRange(caam.ReadMemory(pointer + (uint)skip, take, DecoInvalidFifoLoad, commandIndex));
                    skip = 0;
                    if((control & SgtFinal) != 0)
                    {
                        break;
                    }
                    entry += 16;
                }
                if(result.Count < size)
                {
                    throw new CaamException(DecoError(DecoLinkLength, commandIndex), string.Format("scatter/gather table holds {0} of {1} bytes", result.Count, size));
                }
                return result.ToArray();
            }

            private void Store(uint word)
            {
                var commandIndex = index;
                var pointer = NextWord(DecoInvalidStore);
                index++;
                Write(pointer, StoredBytes(word, commandIndex), DecoInvalidStore, commandIndex);
            }

            // The bytes a STORE (or SEQ STORE) takes from the register it names.
            private byte[] StoredBytes(uint word, int commandIndex)
            {
                var cls = (int)((word >> 25) & 3);
                var source = (word >> 16) & 0x7F;
                var offset = (int)((word >> 8) & 0xFF);
                var size = (int)(word & 0xFF);
                if(source == LoadContext && (cls == 1 || cls == 2))
                {
                    if(offset + size > ContextBytes)
                    {
                        throw new CaamException(DecoError(DecoInvalidStore, commandIndex), "context store beyond the context register");
                    }
                    FlushClass(cls - 1);
                    var data = new byte[size];
                    Array.Copy(context[cls - 1], offset, data, 0, size);
                    return data;
                }
                if(source >= StoreMath0 && source < StoreMath0 + MathRegisters && offset + size <= 8)
                {
                    // The 64-bit register as two 32-bit words, high word first, each in the
                    // little-endian order in which this SoC's CAAM moves words (fsl_caam.c reads
                    // the MATH0 store of CAAM_RSA_Decrypt as a native size_t).
                    var register = new byte[8];
                    var value = math[source - StoreMath0];
                    for(var i = 0; i < 4; i++)
                    {
                        register[i] = (byte)(value >> (32 + 8 * i));
                        register[4 + i] = (byte)(value >> (8 * i));
                    }
                    var data = new byte[size];
                    Array.Copy(register, offset, data, 0, size);
                    return data;
                }
                throw new CaamException(DecoError(DecoInvalidStore, commandIndex), string.Format("STORE source 0x{0:X} class {1} not supported", source, cls));
            }

            private void FifoStore(uint word)
            {
                var gather = (word & (1u << 24)) != 0;
                var extended = (word & (1u << 22)) != 0;
                var dataType = (int)((word >> 16) & 0x3F);
                var commandIndex = index;
                var pointer = NextWord(DecoInvalidFifoStore);
                var size = extended ? NextWord(DecoInvalidFifoStore) : (word & 0xFFFF);
                index++;
                if(size > MaximumTransfer)
                {
                    throw new CaamException(DecoError(DecoInvalidFifoStore, commandIndex), string.Format("FIFO STORE of {0} bytes", size));
                }
                if(dataType < 0x10)
                {
                    var register = dataType == PkhaA ? PkhaA0 : (dataType == PkhaB ? PkhaB0 : dataType);
                    if(dataType > PkhaB || (dataType > PkhaN && dataType < PkhaA))
                    {
                        throw new CaamException(DecoError(DecoInvalidFifoStore, commandIndex), string.Format("PKHA register 0x{0:X} not supported", dataType));
                    }
                    Write(pointer, BigEndian.Fit(Pkha(register), (int)size), DecoInvalidFifoStore, commandIndex);
                    return;
                }
                if(IsBlackKeyStore(dataType))
                {
                    Write(pointer, BlackKeyForStore(word, (int)size, commandIndex), DecoInvalidFifoStore, commandIndex);
                    return;
                }
                if(dataType == FifoStoreMessage || dataType == FifoStoreRngStore || dataType == FifoStoreRngFifo || dataType == FifoStoreSkip)
                {
                    stores.Add(new StoreRequest { Index = commandIndex, Address = pointer, Length = (int)size, Gather = gather, Skip = dataType == FifoStoreSkip });
                    ResolveStores(false);
                    return;
                }
                throw new CaamException(DecoError(DecoInvalidFifoStore, commandIndex), string.Format("FIFO STORE type 0x{0:X} not supported", dataType));
            }

            private void Move(uint word)
            {
                var source = (word >> 20) & 0xF;
                var destination = (word >> 16) & 0xF;
                var offset = (int)((word >> 8) & 0xFF);
                var size = (int)(word & 0xFF);
                var commandIndex = index;
                index++;
                byte[] data;
                if(source == MoveClass1Context || source == MoveClass2Context)
                {
                    var cls = (int)(source - MoveClass1Context);
                    FlushClass(cls);
                    if(offset + size > ContextBytes)
                    {
                        throw new CaamException(DecoError(DecoInvalidMove, commandIndex), "MOVE beyond the context register");
                    }
                    data = new byte[size];
                    Array.Copy(context[cls], offset, data, 0, size);
                }
                else if(source == MoveOutputFifo)
                {
                    FlushClass(0);
                    if(output.Count < size)
                    {
                        throw new CaamException(DecoError(DecoInvalidMove, commandIndex), "MOVE from an output FIFO with too little data");
                    }
                    data = output.GetRange(0, size).ToArray();
                    output.RemoveRange(0, size);
                }
                else
                {
                    throw new CaamException(DecoError(DecoInvalidMove, commandIndex), string.Format("MOVE source {0} not supported", source));
                }
                if(destination == MoveClass1Context || destination == MoveClass2Context)
                {
                    var cls = (int)(destination - MoveClass1Context);
                    if(offset + size > ContextBytes)
                    {
                        throw new CaamException(DecoError(DecoInvalidMove, commandIndex), "MOVE beyond the context register");
                    }
                    Array.Copy(data, 0, context[cls], offset, size);
                }
                else if(destination == MoveClass1InputFifo || destination == MoveClass2InputFifo)
                {
                    input[(int)(destination - MoveClass1InputFifo)].AddRange(data);
                }
                else if(destination == MoveClass1Key || destination == MoveClass2Key)
                {
                    classKey[(int)(destination - MoveClass1Key)] = data;
                }
                else
                {
                    throw new CaamException(DecoError(DecoInvalidMove, commandIndex), string.Format("MOVE destination {0} not supported", destination));
                }
            }

            private void Operation(uint word)
            {
                var opType = (word >> 24) & 7;
                var commandIndex = index;
                index++;
                if(opType == OperationPkha)
                {
                    RunPkha(word, commandIndex);
                    return;
                }
                if(opType == OperationClass1 || opType == OperationClass2)
                {
                    var cls = opType == OperationClass1 ? 0 : 1;
                    // A second OPERATION for the same class runs the first one on what it has so far.
                    FlushClass(cls);
                    operation[cls] = word;
                    operationIndex[cls] = commandIndex;
                    return;
                }
                if(opType == OperationUnidirectionalProtocol)
                {
                    RunProtocol(word, commandIndex);
                    return;
                }
                if(opType == OperationDecapsulation || opType == OperationEncapsulation)
                {
                    RunBidirectionalProtocol(word, opType == OperationEncapsulation, commandIndex);
                    return;
                }
                throw new CaamException(DecoError(DecoInvalidOperation, commandIndex), string.Format("OPERATION type {0} not supported", opType));
            }

            private void Jump(uint word)
            {
                var jumpType = (word >> 22) & 3;
                var test = (word >> 16) & 3;
                var condition = (word >> 8) & 0xFF;
                var localOffset = (sbyte)(word & 0xFF);
                var commandIndex = index;
                var classChecks = (word & (1u << 24)) != 0;
                // A JUMP is a checkpoint: the CHAs finish what they were given before it is evaluated.
                FlushClass(0);
                FlushClass(1);
                ResolveStores(false);
                var taken = condition == 0 || classChecks || EvaluateCondition(condition, test);
                switch(jumpType)
                {
                case 0:
                    if(!taken)
                    {
                        index++;
                        return;
                    }
                    var target = commandIndex + localOffset;
                    if(target <= 0 || target > length)
                    {
                        throw new CaamException(DecoError(DecoInvalidJump, commandIndex), string.Format("local JUMP to word {0} of {1}", target, length));
                    }
                    index = target;
                    return;
                case 1:
                    throw new CaamException(DecoError(DecoInvalidJump, commandIndex), "non-local JUMP not supported");
                case 2:
                    index++;
                    if(taken)
                    {
                        halted = true;
                        haltStatus = StatusSourceHaltCondition | (pkhaFlags << 8);
                    }
                    return;
                default:
                    index++;
                    if(taken)
                    {
                        halted = true;
                        var user = (uint)(word & 0xFF);
                        // HALT_USER with status 0 is how the SDK ends a job normally (accelerators.md 2.4).
                        haltStatus = user == 0 ? 0 : (StatusSourceHaltUser | user);
                    }
                    return;
                }
            }

            private bool EvaluateCondition(uint condition, uint test)
            {
                var flags = pkhaFlags & condition;
                switch(test)
                {
                case 0:
                    return flags == condition;
                case 1:
                    return flags != condition;
                case 2:
                    return flags != 0;
                default:
                    return flags == 0;
                }
            }

            // Runs the pending class-1 (cls 0) or class-2 (cls 1) operation on its input FIFO.
            // An AES-GCM/CCM operation runs once its last data has arrived (a FIFO LOAD with LC1)
            // or the descriptor ends (final), not at the JUMPs the SDK places between its loads.
            private void FlushClass(int cls, bool final = false)
            {
                var word = operation[cls];
                if(word == 0)
                {
                    // Data without an operation (yet) waits in the input FIFO for the OPERATION.
                    return;
                }
                if(cls == 0 && !final && !class1Last && IsAead(word))
                {
                    return;
                }
                operation[cls] = 0;
                var data = input[cls].ToArray();
                input[cls].Clear();
                var algorithm = (word >> 16) & 0xFF;
                var commandIndex = operationIndex[cls];
                if(cls == 0 && algorithm == AlgorithmAes)
                {
                    RunAes(word, data, commandIndex);
                }
                else if(cls == 0 && (algorithm == AlgorithmDes || algorithm == Algorithm3Des))
                {
                    RunDes(word, data, algorithm == Algorithm3Des, commandIndex);
                }
                else if(cls == 0 && algorithm == AlgorithmRng)
                {
                    RunRng(word, commandIndex);
                }
                else if(cls == 1 && (algorithm == AlgorithmSha1 || algorithm == AlgorithmSha224 || algorithm == AlgorithmSha256
                        || algorithm == AlgorithmSha384 || algorithm == AlgorithmSha512))
                {
                    RunHash(word, data, commandIndex);
                }
                else if(cls == 1 && algorithm == AlgorithmCrc)
                {
                    RunCrc(word, data, commandIndex);
                }
                else if(cls == 1 && algorithm >= AlgorithmMd5 && algorithm <= AlgorithmSha512)
                {
                    throw new CaamException(CcbError(ChaMd, CcbModeError, commandIndex), string.Format("MDHA algorithm 0x{0:X} not available on this instance", algorithm));
                }
                else
                {
                    throw new CaamException(DecoError(DecoInvalidOperation, commandIndex), string.Format("algorithm 0x{0:X} for class {1} not supported", algorithm, cls + 1));
                }
                ResolveStores(false);
            }
        }
    }
}
