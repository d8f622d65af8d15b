import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { DatabaseError, type Sequelize } from 'sequelize';

/** The parts of Sequelize's connection manager a pooled statement uses. */
interface ConnectionManager {
  getConnection(options: object): Promise<pg.Client & { _invalid?: boolean }>;
  releaseConnection(connection: pg.Client): void;
}

/**
 * A prefix of the statement names of each connection. The embedded database's connections share
 * one session (ADR 1), which outlives a connection: names unique to the connection never meet a
 * statement another connection, or an earlier one, prepared there.
 */
const prefixes = new WeakMap<object, string>();

function statementName(client: object, name: string): string {
  let prefix = prefixes.get(client);
  if (!prefix) prefixes.set(client, (prefix = randomBytes(6).toString('hex')));
  return `${prefix}-${name}`;
}

/**
 * Runs one parameterised statement (`$1`, `$2` …) on a connection of Sequelize's pool, through the
 * pg client itself, and answers its rows. For the few statements every answer of a student runs:
 * Sequelize's replacement, logging and result handling cost more CPU there than the statement, and
 * planning them again on every answer cost PostgreSQL more than running them. With a `name` (one
 * per distinct text), the statement is prepared once per connection, and later runs only bind and
 * execute it (after a few runs PostgreSQL keeps a generic plan). It waits its turn in the same pool as every
 * other query (one connection on the embedded database, ADR 11), and a failure is thrown as
 * Sequelize's DatabaseError, so a database that went away answers 503 like any other query. A
 * connection that broke is not given back to the pool.
 */
export async function pooledQuery<T>(
  sequelize: Sequelize,
  text: string,
  values: unknown[],
  name?: string,
): Promise<T[]> {
  const manager = sequelize.connectionManager as unknown as ConnectionManager;
  const client = await manager.getConnection({});
  try {
    const result = await client.query(
      name === undefined ? { text, values } : { name: statementName(client, name), text, values },
    );
    return result.rows as T[];
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    // An error without an SQL state, or of a connection class, leaves the connection unusable.
    if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || /^(08|57P)/.test(code))
      client._invalid = true;
    throw new DatabaseError(err as Error & { sql: string; parameters: object });
  } finally {
    manager.releaseConnection(client);
  }
}
