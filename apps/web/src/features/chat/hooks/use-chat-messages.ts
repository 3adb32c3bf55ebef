import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_PAGE_SIZE, CHAT_POLL_MS, type ChatMessage } from '@biddesk/shared';
import { appendNewer, fetchNewer, listMessages, prependOlder, reconcileLatest } from '../api/messages';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

/** Every this many polls the latest page is re-read (30 s at the 5 s poll). */
const RECONCILE_EVERY_POLLS = 6;

export type ChatLoadState = 'loading' | 'ready' | 'error';

/** True when a poll may run now: SPEC §9 polls only while the chat is shown and the tab visible. */
export const isTabVisible = () => document.visibilityState === 'visible';

/**
 * The chat of one workspace while the panel is mounted (it is mounted only while open): the latest
 * page, older pages by the `before` cursor, and a poll every 5 s by the `after` cursor. Every merge
 * de-duplicates by id, so Load More and the poll never repeat or skip a message.
 */
export function useChatMessages(workspaceId: string) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [state, setState] = useState<ChatLoadState>('loading');
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  // The poll and Load More read the newest state without restarting their timer.
  const latest = useRef({ messages, state });
  useEffect(() => {
    latest.current = { messages, state };
  }, [messages, state]);

  const loadFirst = useCallback(
    (signal?: AbortSignal) => {
      setState('loading');
      listMessages(workspaceId, { limit: CHAT_PAGE_SIZE }, signal).then(
        (page) => {
          setMessages(page.messages);
          setHasOlder(page.total > page.messages.length);
          setState('ready');
        },
        () => {
          if (!signal?.aborted) setState('error');
        },
      );
    },
    [workspaceId],
  );

  useEffect(() => {
    const controller = new AbortController();
    loadFirst(controller.signal);
    return () => controller.abort();
  }, [loadFirst]);

  useEffect(() => {
    let inFlight = false;
    let polls = 0;
    const poll = async () => {
      const found = await fetchNewer(workspaceId, latest.current.messages.at(-1)?.id);
      setMessages((current) => (found.kind === 'newer' ? appendNewer(current, found.messages) : reconcileLatest(current, found.messages)));
      // Now and then the latest page is read again, so others' edits and deletes show up too.
      if (found.kind === 'newer' && ++polls % RECONCILE_EVERY_POLLS === 0) {
        const page = await listMessages(workspaceId, { limit: CHAT_PAGE_SIZE });
        setMessages((current) => reconcileLatest(current, page.messages));
      }
    };
    const timer = setInterval(() => {
      if (inFlight || latest.current.state !== 'ready' || !isTabVisible()) return;
      inFlight = true;
      poll()
        // A failed poll is retried by the next tick; the person keeps what they see.
        .catch(() => undefined)
        .finally(() => {
          inFlight = false;
        });
    }, CHAT_POLL_MS);
    return () => clearInterval(timer);
  }, [workspaceId]);

  const loadOlder = useCallback(async () => {
    const oldest = latest.current.messages[0];
    if (!oldest) return;
    setLoadingOlder(true);
    try {
      const page = await listMessages(workspaceId, { before: oldest.id, limit: CHAT_PAGE_SIZE });
      setMessages((current) => prependOlder(current, page.messages));
      setHasOlder(page.messages.length === CHAT_PAGE_SIZE);
    } catch (err) {
      toast.error(MESSAGES.failedToLoadMessages, err);
    } finally {
      setLoadingOlder(false);
    }
  }, [workspaceId]);

  /** Shows a message the caller sent or edited (replaced in place when already shown). */
  const upsert = useCallback((message: ChatMessage) => setMessages((current) => appendNewer(current, [message])), []);
  const remove = useCallback((id: string) => setMessages((current) => current.filter((m) => m.id !== id)), []);

  return { messages, state, hasOlder, loadingOlder, loadOlder, retry: () => loadFirst(), upsert, remove };
}
