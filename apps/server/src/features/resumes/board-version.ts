// The resume board's version (content_versions.resumes, db/migrations/009-resume-board-version.ts)
// for readers outside the feature: it moves with any change to a published resume, by a trigger in the
// write's own transaction.
import type { Deps } from '../../deps.js';
import * as repo from './repo.js';

export function boardVersion(deps: Deps): Promise<number> {
  return repo.findBoardVersion(deps.db);
}
