import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CHAT_PAGE_SIZE,
  MAX_PAGE_LIMIT,
  type ChatMessage,
  type ChatMessageList,
  type MessageResponse,
  ChatMessageListSchema,
  ChatMessageSchema,
  MessageResponseSchema,
} from '@biddesk/shared';
import { ApiError, apiDownload, apiRequest } from '../../../lib/api-client';
import { activityKey } from '../../../lib/workspace-keys';

/** Which page of the chat to read: SPEC skip/limit, or a cursor (WORKSPACES.md §1). */
export interface ChatPageQuery {
  skip?: number;
  limit?: number;
  before?: string;
  after?: string;
}

/** GET /workspaces/{id}/messages; each page comes oldest first. */
export function listMessages(workspaceId: string, query: ChatPageQuery = {}, signal?: AbortSignal): Promise<ChatMessageList> {
  return apiRequest(`/workspaces/${workspaceId}/messages`, ChatMessageListSchema, { query: { ...query }, signal });
}

/** POST /workspaces/{id}/messages as multipart: the text and at most one attachment. */
export function sendMessage(workspaceId: string, input: { text: string; file: File | null }): Promise<ChatMessage> {
  const form = new FormData();
  form.append('message', input.text);
  if (input.file) form.append('file', input.file);
  return apiRequest(`/workspaces/${workspaceId}/messages`, ChatMessageSchema, { method: 'POST', body: form });
}

/** PATCH /workspaces/{id}/messages/{msgId}: the author, within 2 minutes of sending. */
export function editMessage(workspaceId: string, messageId: string, text: string): Promise<ChatMessage> {
  return apiRequest(`/workspaces/${workspaceId}/messages/${messageId}`, ChatMessageSchema, { method: 'PATCH', body: { message: text } });
}

/** DELETE /workspaces/{id}/messages/{msgId}: one's own, or any as OWNER. */
export function deleteMessage(workspaceId: string, messageId: string): Promise<MessageResponse> {
  return apiRequest(`/workspaces/${workspaceId}/messages/${messageId}`, MessageResponseSchema, { method: 'DELETE' });
}

/** GET the attachment of a message (its `file_path` already starts with /api). */
export function downloadAttachment(message: Pick<ChatMessage, 'file_path'>): Promise<{ blob: Blob; fileName: string | null }> {
  return apiDownload(message.file_path!.replace(/^\/api/, ''));
}

/** Adds older messages in front, skipping any already shown (ids are unique; order is the server's). */
export function prependOlder(current: ChatMessage[], older: ChatMessage[]): ChatMessage[] {
  const known = new Set(current.map((m) => m.id));
  return [...older.filter((m) => !known.has(m.id)), ...current];
}

/** Adds newer messages at the end; one already shown is replaced in place (an edit), never repeated. */
export function appendNewer(current: ChatMessage[], newer: ChatMessage[]): ChatMessage[] {
  const incoming = new Map(newer.map((m) => [m.id, m]));
  const updated = current.map((m) => incoming.get(m.id) ?? m);
  const known = new Set(current.map((m) => m.id));
  return [...updated, ...newer.filter((m) => !known.has(m.id))];
}

/** What one poll found: messages after the newest shown, or (its cursor gone) the latest page. */
export type NewerMessages = { kind: 'newer'; messages: ChatMessage[] } | { kind: 'latest'; messages: ChatMessage[] };

/**
 * One poll (SPEC §9: every 5 s while the chat is open): everything newer than the newest message
 * shown, page after page. The server orders inserts by commit, so `after` never skips a message.
 * When that message was deleted meanwhile the server answers 400; the latest page is read instead.
 */
export async function fetchNewer(workspaceId: string, newestId: string | undefined, signal?: AbortSignal): Promise<NewerMessages> {
  if (!newestId) return { kind: 'latest', messages: (await listMessages(workspaceId, { limit: CHAT_PAGE_SIZE }, signal)).messages };
  const found: ChatMessage[] = [];
  let cursor = newestId;
  for (;;) {
    let page: ChatMessageList;
    try {
      page = await listMessages(workspaceId, { after: cursor, limit: MAX_PAGE_LIMIT }, signal);
    } catch (err) {
      if (cursor !== newestId || !(err instanceof ApiError && err.status === 400)) throw err;
      return { kind: 'latest', messages: (await listMessages(workspaceId, { limit: CHAT_PAGE_SIZE }, signal)).messages };
    }
    found.push(...page.messages);
    if (page.messages.length < MAX_PAGE_LIMIT) return { kind: 'newer', messages: found };
    cursor = page.messages.at(-1)!.id;
  }
}

/** True when `a` comes before `b` in the chat (server order: created_at, then id). */
const comesBefore = (a: ChatMessage, b: ChatMessage) => a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id);

/**
 * Lays the latest page over what is shown: inside the page's span the server's copy wins, so
 * messages deleted since are dropped and edited ones updated; older messages stay, and newer ones
 * (sent by this person after the page was read) are kept.
 */
export function reconcileLatest(current: ChatMessage[], latest: ChatMessage[]): ChatMessage[] {
  if (latest.length === 0) return [];
  const first = latest[0]!;
  const last = latest.at(-1)!;
  const inPage = new Set(latest.map((m) => m.id));
  const older = current.filter((m) => comesBefore(m, first) && !inPage.has(m.id));
  const newer = current.filter((m) => comesBefore(last, m) && !inPage.has(m.id));
  return [...older, ...latest, ...newer];
}

/** The Activity log shows shared files and moderation deletes: refresh it after those. */
function useRefreshActivity(workspaceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: activityKey(workspaceId) });
}

export function useSendMessage(workspaceId: string) {
  const refreshActivity = useRefreshActivity(workspaceId);
  return useMutation({
    mutationFn: (input: { text: string; file: File | null }) => sendMessage(workspaceId, input),
    onSuccess: (message) => (message.file_path ? refreshActivity() : undefined),
  });
}

export function useEditMessage(workspaceId: string) {
  return useMutation({ mutationFn: ({ id, text }: { id: string; text: string }) => editMessage(workspaceId, id, text) });
}

export function useDeleteMessage(workspaceId: string) {
  const refreshActivity = useRefreshActivity(workspaceId);
  return useMutation({ mutationFn: (id: string) => deleteMessage(workspaceId, id), onSuccess: () => refreshActivity() });
}
