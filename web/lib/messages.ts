/**
 * The words the web app shows besides its labels (web/lib/labels.ts): the server's catalogue
 * (http/messages.ts, the very texts its answers carry, so a form shows what the server would
 * answer) and the web app's own toasts, confirmations and hints, which no answer carries
 * (web/lib/web-messages.ts, which a module that needs no server words imports alone).
 */
import { messages as serverMessages } from '#http/messages.ts';
import { webMessages } from './web-messages.ts';

export { adviceText, fieldProblemText, orderLinesFailureMessage, pastedListFailureMessage, termFailureMessage } from '#http/messages.ts';

export const messages = { ...serverMessages, ...webMessages } as const;
