module gonames

go 1.26
