import { type Actor, isSuperAdmin } from './roles.ts';
import type { Verdict } from './verdict.ts';

// 'not-found' is HIDDEN in index.ts: such refusals are answered as 404, so ids cannot be probed.
const NOT_FOUND = 'not-found';

/** Files users open by uri. Denials of files are answered as 404 by the routes, so ids are not probed. */
export const documentPolicy = {
  read: (actor: Actor, doc: { ownerId: string | null; visibility: 'private' | 'bu' | 'everyone'; bu: string | null }): Verdict => {
    if (isSuperAdmin(actor)) return true;
    if (doc.visibility === 'everyone') return true;
    if (doc.visibility === 'bu') return doc.bu !== null && doc.bu === actor.bu ? true : NOT_FOUND;
    return doc.ownerId === actor.sub ? true : NOT_FOUND;
  },
};

/** Conversations are private: not even a super administrator reads someone else's. */
export const chatSessionPolicy = {
  use: (actor: Actor, session: { userId: string }): Verdict => (session.userId === actor.sub ? true : NOT_FOUND),
};

/** A Multi Docs attachment (an uploaded file or a read web page) is its owner's alone: others get a 404. */
export const attachmentPolicy = {
  use: (actor: Actor, attachment: { userId: string }): Verdict => (attachment.userId === actor.sub ? true : NOT_FOUND),
};

/**
 * Opening an application, or being pointed to it: the caller holds one of the applications it
 * requires. Tools use it to decide what they offer (never a link to an application the user cannot
 * open) and to give the true reason when they cannot answer.
 */
export const applicationPolicy = {
  open: (actor: Actor, application: { requires: readonly string[]; title: string }): Verdict =>
    application.requires.some((a) => actor.apps.includes(a))
      ? true
      : `You do not hold ${application.title}: ask for it with Send request at the bottom of the sidebar.`,
};
