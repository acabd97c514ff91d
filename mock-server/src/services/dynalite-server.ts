import dynalite from 'dynalite';
import { addTransactions } from './dynamodb-transactions';
import { closeServer, listen, type Stoppable } from './net';

export interface DynamoDbOptions {
  /** The LevelDB directory; tables and items persist here. */
  directory: string;
  host: string;
  port: number;
}

export interface RunningDynalite extends Stoppable {
  port: number;
}

/**
 * dynalite on disk, in the thread that calls this (dynamodb-thread.ts: the console runs it on a
 * thread of its own). Tables are ACTIVE at once (createTableMs 0) instead of after dynalite's default
 * half second, which only slowed the first start. Its close() waits for the LevelDB store to close,
 * so a restart on the same folder can reopen it (LevelDB locks the folder while open).
 * TransactWriteItems, which dynalite lacks, is answered in front of it (dynamodb-transactions.ts).
 */
export const startDynalite = async (options: DynamoDbOptions): Promise<RunningDynalite> => {
  const server = dynalite({
    path: options.directory,
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  addTransactions(server);
  const port = await listen(server, options.port, options.host);
  return {
    port,
    stop: () => closeServer(server),
  };
};
