import { basename } from 'node:path';
import { Emitter } from '../../../shared/emitter';
import type { DamagedStateFile, StateFileKind } from '../../../shared/ipc/contract';
import { silentLogger } from '../log/logger';
import type { ScopedLog } from '../ports';
import type { StateProblem } from './json-file';

/**
 * The state files found damaged during this run, from every loader (settings, account,
 * demo, outbox, inbox cache, token file), for the notice in the window and the log.
 */
export class StateDamage {
  readonly events = new Emitter<{ added: DamagedStateFile }>();
  private files: DamagedStateFile[] = [];

  constructor(private readonly log: ScopedLog = silentLogger.scope('state')) {}

  add(file: StateFileKind, problem: StateProblem): void {
    const entry: DamagedStateFile = { file, movedTo: problem.movedTo, kept: problem.kept, total: problem.total };
    // The file's name only: the folder holds the agent's user name on most systems.
    this.log.warn('damaged file moved aside', {
      file,
      reason: problem.reason,
      kept: problem.kept ?? 0,
      total: problem.total ?? null,
      movedTo: problem.movedTo ? basename(problem.movedTo) : null,
    });
    this.files.push(entry);
    this.events.emit('added', entry);
  }

  /** A reporter for one kind of file, for loaders that only know their own problem. */
  reporter(file: StateFileKind): (problem: StateProblem) => void {
    return (problem) => this.add(file, problem);
  }

  list(): DamagedStateFile[] {
    return this.files.map((f) => ({ ...f }));
  }

  clear(): void {
    this.files = [];
  }
}
