import { MESSAGES } from '@teacheast/shared';
import '../subscriptions.css';
import { useId, useState, type FormEvent } from 'react';
import { useSessionUser } from '../../../lib/session';
import { toast, toastError } from '../../../lib/toast';
import { useSubscription, useToggleRecurring } from '../api';

function formatDay(iso: string | undefined): string {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric' });
}

function ToggleRecurring({
  userUuid,
  subscriptionId,
  email,
  cancelAtPeriodEnd,
}: {
  userUuid: string;
  subscriptionId: string;
  email: string;
  cancelAtPeriodEnd: boolean;
}) {
  const inputId = useId();
  const toggle = useToggleRecurring(userUuid, subscriptionId);
  const [isConfirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = cancelAtPeriodEnd ? 'Enable Recurring' : 'Cancel Recurring';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (toggle.isPending) return;
    if (typed.trim().toLowerCase() !== email.toLowerCase()) {
      setError(MESSAGES.emailDoesNotMatch);
      toast.error(MESSAGES.emailDoesNotMatch);
      return;
    }
    setError(null);
    toggle.mutate(undefined, {
      onSuccess: ({ cancelAtPeriodEnd: cancelled }) => {
        toast.success(cancelled ? 'Recurring payment is cancelled.' : 'Recurring payment is enabled.');
        setConfirming(false);
        setTyped('');
      },
      onError: toastError,
    });
  };

  if (!isConfirming) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
        {action}
      </button>
    );
  }
  return (
    <form className="form subscription-panel__confirm" onSubmit={onSubmit} noValidate aria-label={action}>
      <div className={error ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={inputId}>
          Type your account e-mail to confirm
        </label>
        <input
          id={inputId}
          className="field__control"
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          autoFocus
        />
        {error && (
          <p className="field__error" id={`${inputId}-error`}>
            {error}
          </p>
        )}
      </div>
      <div className="card__actions">
        <button type="submit" className="button button--primary" aria-busy={toggle.isPending || undefined}>
          {action}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setConfirming(false);
            setTyped('');
            setError(null);
          }}
        >
          Keep as is
        </button>
      </div>
    </form>
  );
}

/** The account page's subscription panel: shown only while the subscription is 'active'. */
export function SubscriptionPanel() {
  const user = useSessionUser();
  const subscription = useSubscription(user?.uuid ?? '', user?.subscriptionId ?? null);
  if (!user?.subscriptionId || subscription.data?.status !== 'active') return null;
  const { cancelAtPeriodEnd, currentPeriodEnd } = subscription.data;
  return (
    <section className="card subscription-panel" aria-labelledby="subscription-panel-title">
      <h2 id="subscription-panel-title">Resume Board subscription</h2>
      <dl className="subscription-panel__facts">
        <div>
          <dt>Status</dt>
          <dd>{subscription.data.status}</dd>
        </div>
        <div>
          <dt>{cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
          <dd>{formatDay(currentPeriodEnd)}</dd>
        </div>
        <div>
          <dt>Recurring</dt>
          <dd>{cancelAtPeriodEnd ? 'Cancelled' : 'On'}</dd>
        </div>
      </dl>
      <ToggleRecurring
        userUuid={user.uuid}
        subscriptionId={user.subscriptionId}
        email={user.email}
        cancelAtPeriodEnd={cancelAtPeriodEnd}
      />
    </section>
  );
}
