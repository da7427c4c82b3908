// An offer as both parties read it (BEYOND §10): where it differs from the ad, line by line, each line
// that gives less than the ad marked by its look and in words ("Less than the ad"); the offer in full;
// and the teacher's Accept and Decline while it waits for an answer, each asked once more.
import { OFFER_FIELD_LABELS, TERMS_LABELS, offerDifferences, type Offer } from '@teacheast/shared';
import { useEffect, useRef, useState } from 'react';
import { longUtcDate } from '../../../lib/dates';
import { toast, toastError } from '../../../lib/toast';
import { useAnswerOffer } from '../api';

const WORSE_WORDS = 'Less than the ad';

function statusWords(offer: Offer, as: 'teacher' | 'school'): string {
  const by = longUtcDate(`${offer.respondBy}T00:00:00Z`);
  const when = offer.answeredAt ? ` on ${longUtcDate(offer.answeredAt)}` : '';
  switch (offer.status) {
    case 'open':
      return as === 'teacher'
        ? `Waiting for your answer: please accept or decline by ${by}.`
        : `Sent. The teacher is asked to answer by ${by}.`;
    case 'accepted':
      return as === 'teacher' ? `You accepted this offer${when}.` : `The teacher accepted this offer${when}.`;
    case 'declined':
      return as === 'teacher' ? `You declined this offer${when}.` : `The teacher declined this offer${when}.`;
    case 'withdrawn':
      return 'This offer was withdrawn.';
  }
}

interface OfferViewProps {
  applicationId: string;
  offer: Offer;
  as: 'teacher' | 'school';
  /** The offer just made: its status takes the focus. */
  isNew?: boolean;
}

export function OfferView({ applicationId, offer, as, isNew = false }: OfferViewProps) {
  const statusRef = useRef<HTMLParagraphElement>(null);
  const worse = offer.differences.filter((d) => d.worse);
  // Every field's words, held against no ad at all, is the offer in full.
  const inFull = offerDifferences(null, offer.terms);

  useEffect(() => {
    if (isNew) statusRef.current?.focus();
  }, [isNew]);

  return (
    <div className="offer">
      <p ref={statusRef} tabIndex={-1} className="offer__status" aria-live="polite">
        {statusWords(offer, as)}
      </p>
      {worse.length > 0 && (
        <p className="offer__warning">
          <span aria-hidden="true">▼ </span>
          This offer gives less than the ad on {worse.length === 1 ? 'one point' : `${worse.length} points`}:{' '}
          {worse.map((d) => OFFER_FIELD_LABELS[d.field].toLowerCase()).join(', ')}.
        </p>
      )}
      {offer.differences.length > 0 ? (
        <table className="offer-differences">
          <caption className="offer-differences__caption">Where the offer differs from the ad</caption>
          <thead>
            <tr>
              <th scope="col">Term</th>
              <th scope="col">In the ad</th>
              <th scope="col">In the offer</th>
            </tr>
          </thead>
          <tbody>
            {offer.differences.map((difference) => (
              <tr
                key={difference.field}
                className={
                  difference.worse ? 'offer-differences__row offer-differences__row--worse' : 'offer-differences__row'
                }
              >
                <th scope="row">{OFFER_FIELD_LABELS[difference.field]}</th>
                <td>{difference.posted ?? 'Not stated'}</td>
                <td>
                  {difference.offered}
                  {difference.worse && (
                    <>
                      {' '}
                      <strong className="worse-mark">
                        <span aria-hidden="true">▼ </span>
                        {WORSE_WORDS}
                      </strong>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>The offer is as the ad said.</p>
      )}
      <details className="offer__full">
        <summary>The offer in full</summary>
        <dl className="offer__terms">
          {inFull.map((line) => (
            <div key={line.field}>
              <dt>{OFFER_FIELD_LABELS[line.field]}</dt>
              <dd>{line.offered}</dd>
            </div>
          ))}
          <div>
            <dt>Split shift</dt>
            <dd>{offer.terms.splitShift ? 'Yes' : 'No'}</dd>
          </div>
          <div>
            <dt>Saturdays</dt>
            <dd>{TERMS_LABELS.saturdays[offer.terms.saturdays]}</dd>
          </div>
        </dl>
      </details>
      {as === 'teacher' && offer.status === 'open' && (
        <OfferAnswer applicationId={applicationId} onAnswered={() => statusRef.current?.focus()} />
      )}
    </div>
  );
}

const ANSWER_WORDS = {
  accept: {
    button: 'Accept the offer',
    question: 'Accept this offer? The school is told that you take the job on these terms.',
    confirm: 'Yes, accept',
    done: 'You accepted the offer. The school has been told.',
  },
  decline: {
    button: 'Decline the offer',
    question: 'Decline this offer? The school is told, and the application ends.',
    confirm: 'Yes, decline',
    done: 'You declined the offer. The school has been told.',
  },
} as const;

function OfferAnswer({ applicationId, onAnswered }: { applicationId: string; onAnswered: () => void }) {
  const answer = useAnswerOffer(applicationId);
  const [asking, setAsking] = useState<'accept' | 'decline' | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const choiceRef = useRef<HTMLButtonElement>(null);

  // The question takes the place of the two buttons: the keyboard goes on at its answer.
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);

  if (asking) {
    const words = ANSWER_WORDS[asking];
    return (
      <div className="offer__answer" role="group" aria-label={words.button}>
        <p className="offer__question">{words.question}</p>
        <button
          ref={confirmRef}
          type="button"
          className="button button--primary"
          aria-busy={answer.isPending || undefined}
          onClick={() => {
            if (answer.isPending) return;
            answer.mutate(asking, {
              onSuccess: () => {
                toast.success(words.done);
                onAnswered();
              },
              onError: toastError,
            });
          }}
        >
          {words.confirm}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setAsking(null);
            requestAnimationFrame(() => choiceRef.current?.focus());
          }}
        >
          Not yet
        </button>
      </div>
    );
  }

  return (
    <div className="offer__answer">
      <button ref={choiceRef} type="button" className="button button--primary" onClick={() => setAsking('accept')}>
        {ANSWER_WORDS.accept.button}
      </button>
      <button type="button" className="button button--secondary" onClick={() => setAsking('decline')}>
        {ANSWER_WORDS.decline.button}
      </button>
    </div>
  );
}
