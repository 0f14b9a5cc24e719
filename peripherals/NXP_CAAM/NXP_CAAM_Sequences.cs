//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM shared descriptors and sequences: a job descriptor that names a shared descriptor,
// SEQ IN PTR / SEQ OUT PTR (the job's input and output sequences) and the SEQ KEY, SEQ LOAD,
// SEQ FIFO LOAD, SEQ STORE and SEQ FIFO STORE commands that read and write them. Command-word
// layouts: Linux drivers/crypto/caam/desc.h (SQIN_*, SQOUT_*, HDR_*); fsl_caam.c's blob
// templates use SEQ IN PTR and SEQ OUT PTR in a job descriptor without a shared descriptor.
//
using System;
using System.Collections.Generic;
using Antmicro.Renode.Logging;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public partial class NXP_CAAM
    {
        private partial class DescriptorRunner
        {
            // A job descriptor with HEADER.SHARED: word 1 points at the shared descriptor, whose
            // commands run before the job's own, or after them with HEADER.REVERSE (desc.h:
            // "Reverse execution order of job and shared descriptors"). ASSUMED: the job's
            // commands start after the pointer word; desc_constr.h's init_job_desc_shared puts
            // the shared descriptor's size, not a start word, in such a header's START_IDX field.
            // The shared descriptor's own START_IDX ends its protocol data block, as in a job's.
            private void RunWithSharedDescriptor(uint header, uint[] jobWords)
            {
                if(jobWords.Length < 2)
                {
                    throw new CaamException(DecoError(DecoHeaderError, 0), "a shared job descriptor needs its pointer word");
                }
                var pointer = jobWords[1];
                var sharedHeader = ReadWords(pointer, 1, DecoSharedHeaderError)[0];
                var sharedLength = (int)(sharedHeader & 0x3F);
                if((sharedHeader >> 27) != CommandSharedHeader || (sharedHeader & HeaderOne) == 0 || sharedLength < 1)
                {
                    throw new CaamException(DecoError(DecoSharedHeaderError, 0), string.Format("0x{0:X8} at 0x{1:X} is not a shared descriptor header", sharedHeader, pointer));
                }
                var sharedWords = ReadWords(pointer, sharedLength, DecoSharedHeaderError);
                var sharedStart = Math.Max(1, (int)((sharedHeader >> 16) & 0x3F));
                if((header & HeaderReverse) != 0)
                {
                    RunCommands(jobWords, 2);
                    if(!halted)
                    {
                        RunCommands(sharedWords, sharedStart);
                    }
                }
                else
                {
                    RunCommands(sharedWords, sharedStart);
                    if(!halted)
                    {
                        RunCommands(jobWords, 2);
                    }
                }
            }

            // SEQ IN PTR: pointer (a scatter/gather table with SGF) and length (the next word with
            // EXT) of the data the SEQ commands and protocols read. RBS (release buffers) concerns
            // buffer pools, which this SoC's driver does not use; it is accepted and ignored.
            private void SeqInPointer(uint word)
            {
                var commandIndex = index;
                if((word & (SeqInline | SeqPrevious | SeqRestore | SeqReplaceJob | SeqInFromOutput)) != 0)
                {
                    throw new CaamException(DecoError(DecoInvalidSequence, commandIndex), string.Format("SEQ IN PTR options 0x{0:X8} are not modelled", word & 0x03F80000));
                }
                SetSequence(inputSequence, word, commandIndex);
            }

            // SEQ OUT PTR: where SEQ STOREs, SEQ FIFO STOREs and protocols write, in order.
            private void SeqOutPointer(uint word)
            {
                var commandIndex = index;
                if((word & (SeqPrevious | SeqRestore | SeqOutStart)) != 0)
                {
                    throw new CaamException(DecoError(DecoInvalidSequence, commandIndex), string.Format("SEQ OUT PTR options 0x{0:X8} are not modelled", word & 0x00B00000));
                }
                SetSequence(outputSequence, word, commandIndex);
            }

            private void SetSequence(Sequence sequence, uint word, int commandIndex)
            {
                var pointer = NextWord(DecoInvalidSequence);
                var size = (word & SeqExtended) != 0 ? NextWord(DecoInvalidSequence) : (word & 0xFFFF);
                index++;
                if(size > MaximumTransfer)
                {
                    throw new CaamException(DecoError(DecoInvalidSequence, commandIndex), string.Format("a sequence of {0} bytes", size));
                }
                sequence.Defined = true;
                sequence.Pointer = pointer;
                sequence.Gather = (word & SeqScatterGather) != 0;
                sequence.Length = (int)size;
                sequence.Position = 0;
            }

            // SEQ KEY: a KEY whose bytes are the next ones of the input sequence.
            private void SeqKey(uint word)
            {
                var commandIndex = index;
                index++;
                PutKey(word, ReadInputSequence(KeyBytesRead(word, commandIndex), commandIndex), commandIndex);
            }

            // SEQ LOAD: a LOAD from the input sequence. VLF takes the rest of the sequence
            // (ASSUMED: silicon takes the variable input length register, which MATH sets; MATH is
            // not modelled, and the rest of the sequence is what that register holds unset).
            private void SeqLoad(uint word)
            {
                var commandIndex = index;
                index++;
                var size = (word & SeqVariableLength) != 0 ? inputSequence.Remaining : (int)(word & 0xFF);
                ApplyLoad(word, ReadInputSequence(size, commandIndex), commandIndex);
            }

            // SEQ STORE: a STORE to the output sequence.
            private void SeqStore(uint word)
            {
                var commandIndex = index;
                index++;
                WriteOutputSequence(StoredBytes(word, commandIndex), commandIndex);
            }

            // SEQ FIFO LOAD: a FIFO LOAD from the input sequence; class 0 skips input bytes
            // (desc.h FIFOLD_CLASS_SKIP). VLF: the rest of the sequence, as for SEQ LOAD.
            private void SeqFifoLoad(uint word)
            {
                var commandIndex = index;
                var cls = (int)((word >> 25) & 3);
                var dataType = (int)((word >> 16) & 0x3F);
                if((word & FifoImmediate) != 0)
                {
                    throw new CaamException(DecoError(DecoInvalidFifoLoad, commandIndex), "SEQ FIFO LOAD with immediate data");
                }
                var size = (word & SeqVariableLength) != 0 ? inputSequence.Remaining
                    : (int)((word & SeqExtended) != 0 ? NextWord(DecoInvalidFifoLoad) : (word & 0xFFFF));
                index++;
                var data = ReadInputSequence(size, commandIndex);
                if(cls == 0)
                {
                    return;
                }
                DeliverFifoLoad(cls, dataType, data, commandIndex);
            }

            // SEQ FIFO STORE: a FIFO STORE to the output sequence, of output-FIFO data or of a
            // black key. VLF: the rest of the output sequence.
            private void SeqFifoStore(uint word)
            {
                var commandIndex = index;
                var dataType = (int)((word >> 16) & 0x3F);
                var size = (word & SeqVariableLength) != 0 ? outputSequence.Remaining
                    : (int)((word & SeqExtended) != 0 ? NextWord(DecoInvalidFifoStore) : (word & 0xFFFF));
                index++;
                if(size < 0 || size > MaximumTransfer)
                {
                    throw new CaamException(DecoError(DecoInvalidFifoStore, commandIndex), string.Format("SEQ FIFO STORE of {0} bytes", size));
                }
                if(IsBlackKeyStore(dataType))
                {
                    WriteOutputSequence(BlackKeyForStore(word, size, commandIndex), commandIndex);
                    return;
                }
                if(dataType == FifoStoreMessage || dataType == FifoStoreRngStore || dataType == FifoStoreRngFifo || dataType == FifoStoreSkip)
                {
                    stores.Add(new StoreRequest { Index = commandIndex, Length = size, Skip = dataType == FifoStoreSkip, Sequence = true });
                    ResolveStores(false);
                    return;
                }
                throw new CaamException(DecoError(DecoInvalidFifoStore, commandIndex), string.Format("SEQ FIFO STORE type 0x{0:X} not supported", dataType));
            }

            // The next `size` bytes of the input sequence; reading past its end is the "invalid
            // sequence command" error (Linux error.c, DECO error 0x10: a SEQ command "decremented
            // the input or output sequence length below 0").
            private byte[] ReadInputSequence(int size, int commandIndex)
            {
                var sequence = inputSequence;
                if(!sequence.Defined || size < 0 || size > sequence.Remaining)
                {
                    throw new CaamException(DecoError(DecoInvalidSequence, commandIndex), string.Format("read of {0} bytes from an input sequence with {1} left", size, sequence.Defined ? sequence.Remaining : 0));
                }
                var data = sequence.Gather
                    ? Gather(sequence.Pointer, sequence.Position, size, commandIndex)
                    : caam.ReadMemory(sequence.Pointer + (ulong)sequence.Position, size, DecoInvalidSequence, commandIndex);
                sequence.Position += size;
                return data;
            }

            private void WriteOutputSequence(byte[] data, int commandIndex)
            {
                var sequence = outputSequence;
                if(!sequence.Defined || data.Length > sequence.Remaining)
                {
                    throw new CaamException(DecoError(DecoInvalidSequence, commandIndex), string.Format("write of {0} bytes to an output sequence with {1} left", data.Length, sequence.Defined ? sequence.Remaining : 0));
                }
                if(sequence.Gather)
                {
                    Scatter(sequence.Pointer, sequence.Position, data, commandIndex);
                }
                else
                {
                    Write(sequence.Pointer + (ulong)sequence.Position, data, DecoInvalidSequence, commandIndex);
                }
                sequence.Position += data.Length;
            }

            private readonly Sequence inputSequence = new Sequence();
            private readonly Sequence outputSequence = new Sequence();

            private const uint CommandSharedHeader = 0x17;
            private const uint HeaderReverse = 1u << 11;
            private const uint DecoSharedHeaderError = 0x12;
            private const uint FifoImmediate = 1u << 23;
            // SEQ IN PTR / SEQ OUT PTR option bits (desc.h SQIN_*, SQOUT_*).
            private const uint SeqInline = 1u << 25;
            private const uint SeqScatterGather = 1u << 24;
            private const uint SeqPrevious = 1u << 23;
            private const uint SeqExtended = 1u << 22;
            private const uint SeqRestore = 1u << 21;
            private const uint SeqReplaceJob = 1u << 20;
            private const uint SeqOutStart = 1u << 20;
            private const uint SeqInFromOutput = 1u << 19;
            // VLF of the SEQ LOAD / SEQ FIFO LOAD / SEQ FIFO STORE words (where the non-SEQ
            // commands have SGF).
            private const uint SeqVariableLength = 1u << 24;

            // One of a job's two sequences: where it is, how long, how much is used.
            private class Sequence
            {
                public bool Defined;
                public ulong Pointer;
                public bool Gather;
                public int Length;
                public int Position;

                public int Remaining => Length - Position;
            }
        }
    }
}
