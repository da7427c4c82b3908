// Logout sits apart from the other account calls because the navigation bar, which is part of
// the first download, needs it; it pulls in no schema library.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { endSession } from '../../lib/session';

async function logOut(): Promise<void> {
  try {
    await api.post('/api/logout');
  } finally {
    // Even if the server cannot be reached, the person asked to be logged out of this browser.
    endSession();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logOut });
}
