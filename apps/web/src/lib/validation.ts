import { EmailSchema, NewPasswordSchema } from '@biddesk/shared';

/** What a shared zod schema offers a form: safeParse, with messages on failure. */
interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * A form check from the schema the server validates with (packages/shared): its first message for
 * `value`, or null. The SPEC §5 words live once, in the schema, and the form can refuse nothing the
 * server would take (nor take what it would refuse).
 */
export const schemaCheck =
  (schema: Schema) =>
  (value: unknown): string | null => {
    const result = schema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
  };

/** Client checks that run before any call (SPEC §5). Each returns the message or null. */
export const checkEmail = schemaCheck(EmailSchema);
export const checkNewPassword = schemaCheck(NewPasswordSchema);
/** For a field whose schema words it differently from the form's label (e.g. "Full name"). */
export const checkRequired = (label: string) => (value: string) => (value.trim() ? null : `${label} is required`);
/** SPEC §5: the confirmation must repeat the new password. */
export const checkSamePassword = (confirm: string, password: string) => (confirm === password ? null : 'Passwords do not match');
