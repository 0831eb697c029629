/** The analytics table, merged into `Database` in src/server/database.ts. */

/** Aggregate counts only; 0 stands for "no country" so the key has no NULLs. */
export interface AnalyticsDailyTable {
  day: string;
  name: string;
  country: number;
  count: number;
}

export interface AnalyticsTables {
  analytics_daily: AnalyticsDailyTable;
}
