/* The SQLite workload of the placement benchmark (bench/placement.go):
 * an in-memory database, 20,000 inserts in one transaction, an index,
 * a scan. It prints "workload_ms T", the time of the workload alone. */
#include <stdio.h>
#include <time.h>
#include "sqlite3.h"

int main(void) {
	sqlite3 *db;
	sqlite3_stmt *st;
	struct timespec a, b;
	long long sum = 0;

	if (sqlite3_open(":memory:", &db))
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &a);
	sqlite3_exec(db, "CREATE TABLE t(a INTEGER, b TEXT); BEGIN", 0, 0, 0);
	sqlite3_prepare_v2(db, "INSERT INTO t VALUES(?, ?)", -1, &st, 0);
	for (int i = 0; i < 20000; i++) {
		char txt[32];
		snprintf(txt, sizeof txt, "row%d", (i * 7919) % 20000);
		sqlite3_bind_int(st, 1, (i * 7919) % 20000);
		sqlite3_bind_text(st, 2, txt, -1, SQLITE_TRANSIENT);
		sqlite3_step(st);
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	sqlite3_exec(db, "COMMIT; CREATE INDEX ta ON t(b)", 0, 0, 0);
	sqlite3_prepare_v2(db, "SELECT a FROM t ORDER BY b", -1, &st, 0);
	while (sqlite3_step(st) == SQLITE_ROW)
		sum += sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	clock_gettime(CLOCK_MONOTONIC, &b);
	fprintf(stderr, "workload_ms %.2f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / 1e6);
	sqlite3_close(db);
	return sum == 0;
}
