#include <stdio.h>
#include <stdlib.h>
#include <string.h>
unsigned long sink;
__attribute__((noinline)) unsigned djb(const char *s){ unsigned h=5381; while(*s) h=h*33+*s++; sink+=h; return h; }
__attribute__((noinline)) unsigned lookup(const char *k){ unsigned h=djb(k); return h%97 + strlen(k); }
__attribute__((noinline)) int cmp(const void *a, const void *b){ return (int)lookup(*(char**)a) - (int)lookup(*(char**)b); }
int main(int argc,char**argv){ char *v[]={"pear","apple","fig"}; int n = argc>1?atoi(argv[1]):3;
 for(int i=0;i<n;i++){ sink+=lookup("hello"); qsort(v,3,sizeof v[0],cmp);} printf("%lu\n", sink); return 0; }
