/** The feedback table, merged into `Database` in src/server/database.ts. */

/** Anonymous by design: the message and its time, nothing that points at a person. */
export interface FeedbackTable {
  id: string;
  message: string;
  created_at: number;
}

export interface FeedbackTables {
  feedback: FeedbackTable;
}
