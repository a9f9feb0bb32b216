package ir

// The size of a value's slot in a record, a heap or a map key is ruled
// here, once: sema lays records out by it (sema.SlotSize, which sets
// Type.Size) and the output side reads values by Type.RecordSize, which
// is that Size (for a string or comm type without one, the slot its Cap
// or CommLen makes).

// Align8 rounds n up to a multiple of 8, the alignment of every slot.
func Align8(n int) int { return (n + 7) &^ 7 }

// StrSlotSize is the bytes of a string slot that holds capacity bytes of
// text: its StrHeader, then the text rounded up to 8.
func StrSlotSize(capacity int) int { return StrHeader + Align8(capacity) }

// StackSlotSize is the bytes of a KindStack slot of frames frames: the
// count, then the frames.
func StackSlotSize(frames int) int { return 8 + frames*StackFrameSize }
