// The messages between a teacher and the school they applied to (BEYOND §10), oldest first, and the
// box to write the next one. Bodies are plain text, shown as text with their line breaks (a link stays
// words, never an anchor). The thread is asked again every half minute; a message of the other party
// that arrives meanwhile is read out by a polite live region.
import { MESSAGE_MAX, MessageCreateSchema, REQUIRED, type ConversationMessage } from '@teacheast/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-error';
import { toastError } from '../../../lib/toast';
import { Spinner } from '../../../ui/spinner';
import { useMessages, useSendMessage } from '../api';
import { localDateTime } from '../zoned-time';

const count = (n: number) => n.toLocaleString('en');
/** How much of a new message the live region reads out. */
const ANNOUNCED_CHARACTERS = 200;

interface MessageThreadProps {
  applicationId: string;
  /** Who is reading: their own messages are "You". */
  as: ConversationMessage['from'];
  /** The other party's name: the school's, or the teacher's. */
  otherName: string;
  /** Whether messages may still be sent (the server's `open`). */
  isOpen: boolean;
}

export function MessageThread({ applicationId, as, otherName, isOpen }: MessageThreadProps) {
  const messages = useMessages(applicationId);
  // Each announcement a new node in the live region, so the same words said twice are read twice.
  const [announcement, setAnnouncement] = useState({ words: '', n: 0 });
  const announce = (words: string) => setAnnouncement((last) => ({ words, n: last.n + 1 }));
  const seen = useRef<Set<string> | null>(null);

  // The first answer is the thread as it stands; only what arrives after it is news to read out.
  useEffect(() => {
    if (!messages.data) return;
    const known = seen.current;
    seen.current = new Set(messages.data.map((m) => m.id));
    if (!known) return;
    const arrived = messages.data.filter((m) => !known.has(m.id) && m.from !== as);
    if (arrived.length === 0) return;
    const latest = arrived.at(-1)!;
    const words =
      latest.body.length > ANNOUNCED_CHARACTERS ? `${latest.body.slice(0, ANNOUNCED_CHARACTERS)}…` : latest.body;
    const news =
      arrived.length === 1
        ? `New message from ${otherName}: ${words}`
        : `${arrived.length} new messages from ${otherName}. The latest: ${words}`;
    setAnnouncement((last) => ({ words: news, n: last.n + 1 }));
  }, [messages.data, as, otherName]);

  return (
    <div className="thread">
      <div className="visually-hidden" aria-live="polite">
        {announcement.words && <p key={announcement.n}>{announcement.words}</p>}
      </div>
      {messages.isPending && <Spinner label="Loading the messages" />}
      {messages.isError && <p role="alert">{messages.error.message}</p>}
      {messages.data &&
        (messages.data.length === 0 ? (
          <p className="thread__empty">No messages yet.</p>
        ) : (
          <ol className="thread__list" aria-label="Messages">
            {messages.data.map((message) => {
              const isMine = message.from === as;
              return (
                <li key={message.id} className={`message${isMine ? ' message--mine' : ''}`}>
                  <p className="message__meta">
                    <span className="message__from">{isMine ? 'You' : otherName}</span>{' '}
                    <time dateTime={message.at}>{localDateTime(message.at)}</time>
                  </p>
                  <p className="message__body">{message.body}</p>
                </li>
              );
            })}
          </ol>
        ))}
      <MessageComposer
        applicationId={applicationId}
        otherName={otherName}
        isOpen={isOpen}
        onSent={() => announce('Message sent.')}
      />
    </div>
  );
}

interface MessageComposerProps {
  applicationId: string;
  otherName: string;
  isOpen: boolean;
  onSent: () => void;
}

const CLOSED_WORDS = 'This conversation is closed: the application ended more than 30 days ago.';

function MessageComposer({ applicationId, otherName, isOpen, onSent }: MessageComposerProps) {
  const send = useSendMessage(applicationId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [closedWords, setClosedWords] = useState<string | null>(isOpen ? null : CLOSED_WORDS);
  const closedRef = useRef<HTMLParagraphElement>(null);
  const fieldId = useId();
  const countId = `${fieldId}-count`;

  if (closedWords) {
    return (
      <p ref={closedRef} className="notice thread__closed" role={isOpen ? 'alert' : undefined} tabIndex={-1}>
        {closedWords}
      </p>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = MessageCreateSchema.safeParse({ body });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(!message || message === REQUIRED ? 'Write a message first' : message);
      return;
    }
    setError(null);
    send.mutate(parsed.data.body, {
      onSuccess: () => {
        setBody('');
        onSent();
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.errorType === 'CONVERSATION_CLOSED') {
          setClosedWords(failure.message);
          // The box is gone: the reason takes the focus, so the keyboard stays where the reader is.
          requestAnimationFrame(() => closedRef.current?.focus());
          return;
        }
        const fieldError = isApiError(failure) ? failure.fields?.body : undefined;
        if (fieldError) setError(fieldError);
        else toastError(failure);
      },
    });
  };

  return (
    <form className="composer" aria-label={`Write to ${otherName}`} onSubmit={onSubmit} noValidate>
      <div className={error ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={fieldId}>
          Your message
        </label>
        <textarea
          id={fieldId}
          className="field__control field__control--multiline composer__body"
          rows={4}
          maxLength={MESSAGE_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error ${countId}` : countId}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
        {error && (
          <p className="field__error" id={`${fieldId}-error`}>
            {error}
          </p>
        )}
      </div>
      <p id={countId} className="composer__count">
        {count(body.length)} of {count(MESSAGE_MAX)} characters. Plain text: links are shown as you write them.
      </p>
      <button type="submit" className="button button--primary" aria-busy={send.isPending || undefined}>
        {send.isPending ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
