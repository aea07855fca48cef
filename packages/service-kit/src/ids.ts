import { v7 } from 'uuid';

/** Time-ordered unique ids (UUIDv7), generated in the application so both engines agree (toolchain.md). */
export function newId(): string {
  return v7();
}

export function nowIso(): string {
  return new Date().toISOString();
}
