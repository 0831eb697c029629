import { openPostgresPool } from '../../src/server/core/db/connect';

describe('PostgreSQL pool', () => {
  it('survives an idle connection the server ends instead of crashing the process', async () => {
    const lost: string[] = [];
    const pool = openPostgresPool('postgres://nobody@127.0.0.1:1/none', 2, (error) => lost.push(error.message));
    // What pg does when the server terminates an idle client (e.g. 57P01 on a restart).
    const terminated = new Error('terminating connection due to administrator command');
    expect(() => pool.emit('error', terminated, {})).not.toThrow();
    expect(lost).toEqual(['terminating connection due to administrator command']);
    await pool.end();
  });

  it('warns by default', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const pool = openPostgresPool('postgres://nobody@127.0.0.1:1/none', 2);
    pool.emit('error', new Error('server closed the connection unexpectedly'), {});
    expect(warn).toHaveBeenCalledWith('database: idle connection lost (server closed the connection unexpectedly)');
    warn.mockRestore();
    await pool.end();
  });
});
