// The user's own data: download everything TeachEast holds about them, or delete the account.
import { useMutation } from '@tanstack/react-query';
import { MessageSchema, type DeleteAccount } from '@teacheast/shared';
import { api, apiRequest } from '../../lib/api-client';
import { endSession } from '../../lib/session';

const EXPORT_FILE_NAME = 'teacheast-data.json';

/** Fetches the export with the session's token and hands it to the browser as a file download. */
async function downloadAccountData(): Promise<void> {
  const data = await api.get('/api/account/export');
  const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = EXPORT_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Browsers may read the file after click() returns; a minute is plenty, then the memory is freed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function deleteAccount(password: string) {
  const body: DeleteAccount = { password };
  return apiRequest('DELETE', '/api/account', { body, schema: MessageSchema }).then((r) => r.data);
}

export function useDownloadAccountData() {
  return useMutation({ mutationFn: downloadAccountData });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    // The account and its sessions are gone on the server; forget them here, as a logout does.
    onSuccess: () => endSession(),
  });
}
