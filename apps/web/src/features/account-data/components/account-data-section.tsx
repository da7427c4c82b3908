import { REQUIRED } from '@teacheast/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { toast, toastError } from '../../../lib/toast';
import { TextField } from '../../../ui/text-field';
import { useDeleteAccount, useDownloadAccountData } from '../api';
import '../account-data.css';

const WRONG_PASSWORD = 'The password is not right.';

function DownloadData() {
  const download = useDownloadAccountData();
  return (
    <div className="account-data__part">
      <h3 className="account-data__heading">Download my data</h3>
      <p>
        One file (JSON) with everything TeachEast holds about you: your account, job postings, saved jobs, resume,
        credits, payments and messages to us.
      </p>
      <button
        type="button"
        className="button button--secondary"
        aria-busy={download.isPending || undefined}
        onClick={() => {
          if (!download.isPending) download.mutate(undefined, { onError: toastError });
        }}
      >
        Download my data
      </button>
    </div>
  );
}

function DeleteAccount() {
  const headingId = useId();
  const warningId = useId();
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<{ password: string }>({ mode: 'onTouched', defaultValues: { password: '' } });

  const onSubmit = ({ password }: { password: string }) => {
    if (remove.isPending) return;
    // mutateAsync: the session ends as soon as the account is gone, which takes the user off this
    // page; the toast and the move home must not depend on this form still being mounted.
    remove.mutateAsync(password).then(
      ({ message }) => {
        toast.success(message);
        navigate(paths.home(), { replace: true });
      },
      (error: unknown) => {
        if (isApiError(error) && error.status === 403) {
          setError('password', { type: 'server', message: error.fields?.password ?? WRONG_PASSWORD });
          setFocus('password');
          return;
        }
        toastError(error);
      },
    );
  };

  return (
    <div className="account-data__part account-data__part--danger">
      <h3 className="account-data__heading" id={headingId}>
        Delete my account
      </h3>
      <div className="account-data__warning" id={warningId}>
        <p>
          <strong>This cannot be undone.</strong> Your login, resume, saved jobs, uploads, unpublished jobs and unused
          job credits are deleted straight away. Published and expired job postings stay on TeachEast, no longer linked
          to you.
        </p>
        <p>Download your data first if you want to keep a copy.</p>
      </div>
      <form
        className="form account-data__form"
        noValidate
        aria-labelledby={headingId}
        aria-describedby={warningId}
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="Type your password to confirm that you want to delete your account."
          registration={register('password', { required: REQUIRED })}
          error={errors.password?.message}
        />
        <div>
          <button
            type="submit"
            className="button account-data__delete"
            aria-disabled={remove.isPending || undefined}
            aria-busy={remove.isPending || undefined}
          >
            Delete my account
          </button>
        </div>
      </form>
    </div>
  );
}

/** The account page's 'Your data' section: a copy of everything we hold, and deleting the account. */
export function AccountDataSection() {
  return (
    <section className="account-data" aria-labelledby="account-data-title">
      <h2 id="account-data-title" className="account-data__title">
        Your data
      </h2>
      <DownloadData />
      <DeleteAccount />
    </section>
  );
}
