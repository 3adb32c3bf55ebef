/** SPEC §9 business constants, shared by server and web app. */

/** Minimum password length (SPEC §5, §9). */
export const MIN_PASSWORD_LENGTH = 6;
/** A reset link is valid for one hour (SPEC §9). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Dashboard page size (SPEC §9). */
export const DASHBOARD_PAGE_SIZE = 20;
/** The pager shows at most this many page buttons. */
export const PAGER_MAX_BUTTONS = 5;
/** Largest page a listing call may ask for. */
export const MAX_PAGE_LIMIT = 100;
/** Deadline thresholds in days (SPEC §4, §9). */
export const URGENT_DAYS = 7;
export const WARNING_DAYS = 14;
/** Notification polling interval (SPEC §9). */
export const NOTIFICATION_POLL_MS = 30_000;
/** Chat polling interval (SPEC §9). */
export const CHAT_POLL_MS = 5_000;
/** Chat page size (SPEC §9). */
export const CHAT_PAGE_SIZE = 50;
/** Chat attachment limit: 10 MB (SPEC §5). */
export const CHAT_ATTACHMENT_MAX_BYTES = 10_485_760;
/** Recent filters kept locally and the idle time before one is saved (SPEC §9). */
export const RECENT_FILTERS_MAX = 3;
export const RECENT_FILTER_IDLE_MS = 2_000;
/** Admin activity default limit and the admin screen's limit (SPEC §9). */
export const ADMIN_ACTIVITY_DEFAULT_LIMIT = 20;
export const ADMIN_ACTIVITY_SCREEN_LIMIT = 10;
/** Recent registrations cover the last 7 days (SPEC §9). */
export const RECENT_REGISTRATION_DAYS = 7;
/** Redirect delay after accepting an invite or NDA, or leaving (SPEC §9). */
export const REDIRECT_DELAY_MS = 1_500;
/** Client timeouts for long calls (SPEC §7, §9). */
export const CSV_IMPORT_TIMEOUT_MS = 180_000;
export const RFP_TIMEOUT_MS = 300_000;
/** NDA checkbox unlocks within this many pixels of the bottom (SPEC §9). */
export const NDA_SCROLL_THRESHOLD_PX = 50;
/** Workspace invitations expire after this many days unless configured (WORKSPACES.md §1). */
export const DEFAULT_INVITE_TTL_DAYS = 7;
