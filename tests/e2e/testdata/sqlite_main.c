// Drives SQLite (the amalgamation from the npm package better-sqlite3,
// built with -g -O2 by the test): one table, three inserts.
#include <stdio.h>
#include "sqlite3.h"

int main(void)
{
	sqlite3 *db;
	char *err = 0;
	char sql[128];

	if (sqlite3_open(":memory:", &db))
		return 1;
	sqlite3_exec(db, "CREATE TABLE t(a INTEGER, b TEXT)", 0, 0, &err);
	for (int i = 0; i < 3; i++) {
		snprintf(sql, sizeof sql, "INSERT INTO t VALUES(%d, 'row%d')", i, i);
		sqlite3_exec(db, sql, 0, 0, &err);
	}
	sqlite3_close(db);
	return 0;
}
