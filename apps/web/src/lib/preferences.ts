import { useSyncExternalStore } from 'react';
import { DASHBOARD_PAGE_SIZE, DocumentToneSchema, URGENT_DAYS, type DocumentTone } from '@biddesk/shared';

/**
 * Settings kept in localStorage (SPEC §2: settings are local only). The Settings screen edits them
 * through writePreferences; every screen reads them through these helpers so all agree.
 */
const KEY = 'biddesk.settings';
/** Fired on the window after every write, so mounted screens pick the change up at once. */
const CHANGE_EVENT = 'biddesk:preferences';

/** SPEC §2 option lists. */
export const ALERT_THRESHOLD_OPTIONS = [3, 5, 7, 14] as const;
export const SYNC_FREQUENCY_OPTIONS = ['realtime', 'hourly', 'daily', 'weekly'] as const;
export const ITEMS_PER_PAGE_OPTIONS = [20, 50, 100] as const;
export const DEFAULT_VIEW_OPTIONS = ['cards', 'table', 'compact'] as const;
export const DOCUMENT_TONE_OPTIONS: readonly DocumentTone[] = DocumentToneSchema.options;

export type SyncFrequency = (typeof SYNC_FREQUENCY_OPTIONS)[number];
export type DefaultView = (typeof DEFAULT_VIEW_OPTIONS)[number];
export type { DocumentTone };

export interface Preferences {
  /** Deadline alert threshold in days: the red band of the deadline badge. */
  alertThresholdDays: number;
  /** Dashboard page size for the server-paged listing. */
  itemsPerPage: number;
  /** How often opportunity data should be synced. */
  syncFrequency: SyncFrequency;
  /** Preferred layout for opportunity lists. */
  defaultView: DefaultView;
  /** Tone asked for when generating bid documents. */
  documentTone: DocumentTone;
  /** Email notification toggles. */
  emailNotifications: boolean;
  deadlineReminders: boolean;
  newOpportunityAlerts: boolean;
  weeklyDigest: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  alertThresholdDays: URGENT_DAYS,
  itemsPerPage: DASHBOARD_PAGE_SIZE,
  syncFrequency: 'daily',
  defaultView: 'cards',
  documentTone: 'professional',
  emailNotifications: true,
  deadlineReminders: true,
  newOpportunityAlerts: true,
  weeklyDigest: false,
};

const oneOf = <T>(options: readonly T[], value: unknown, fallback: T): T => (options.includes(value as T) ? (value as T) : fallback);
const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** Keeps only known keys with allowed values, so a hand-edited or old entry cannot break a screen. */
function sanitize(raw: Partial<Record<keyof Preferences, unknown>>): Preferences {
  const d = DEFAULT_PREFERENCES;
  return {
    alertThresholdDays: oneOf<number>(ALERT_THRESHOLD_OPTIONS, raw.alertThresholdDays, d.alertThresholdDays),
    itemsPerPage: oneOf<number>(ITEMS_PER_PAGE_OPTIONS, raw.itemsPerPage, d.itemsPerPage),
    syncFrequency: oneOf(SYNC_FREQUENCY_OPTIONS, raw.syncFrequency, d.syncFrequency),
    defaultView: oneOf(DEFAULT_VIEW_OPTIONS, raw.defaultView, d.defaultView),
    documentTone: oneOf(DOCUMENT_TONE_OPTIONS, raw.documentTone, d.documentTone),
    emailNotifications: bool(raw.emailNotifications, d.emailNotifications),
    deadlineReminders: bool(raw.deadlineReminders, d.deadlineReminders),
    newOpportunityAlerts: bool(raw.newOpportunityAlerts, d.newOpportunityAlerts),
    weeklyDigest: bool(raw.weeklyDigest, d.weeklyDigest),
  };
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): Preferences {
  if (!raw) return DEFAULT_PREFERENCES;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? sanitize(parsed as Partial<Record<keyof Preferences, unknown>>) : DEFAULT_PREFERENCES;
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export function readPreferences(): Preferences {
  return parse(readRaw());
}

/** Merges `patch` into the stored preferences and tells mounted screens. Returns the new value. */
export function writePreferences(patch: Partial<Preferences>): Preferences {
  const next = sanitize({ ...readPreferences(), ...patch });
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the change lasts for this page only.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
  return next;
}

/** The tone to ask for when generating a document (Settings > Display). */
export const readDocumentTone = (): DocumentTone => readPreferences().documentTone;

// One cached snapshot per raw string, so useSyncExternalStore sees a stable value between writes.
let cachedRaw: string | null | undefined;
let cachedValue: Preferences = DEFAULT_PREFERENCES;
function snapshot(): Preferences {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parse(raw);
  }
  return cachedValue;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The current preferences, re-rendering on every change (also from other tabs). */
export const usePreferences = (): Preferences => useSyncExternalStore(subscribe, snapshot, snapshot);

export const useAlertThresholdDays = () => usePreferences().alertThresholdDays;
