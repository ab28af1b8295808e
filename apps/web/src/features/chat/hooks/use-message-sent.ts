import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readInboxState, withoutMessageSent } from '../lib/inbox-state';

/**
 * The one-time 'message sent' banner ({messageSent: true} in navigation state):
 * read once, then dropped from the history entry (the rest of the state stays) so a reload or
 * Back does not show it again.
 */
export function useMessageSent(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown] = useState(() => readInboxState(location.state).messageSent);
  useEffect(() => {
    if (readInboxState(location.state).messageSent) {
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: withoutMessageSent(location.state) });
    }
  }, [location, navigate]);
  return shown;
}
