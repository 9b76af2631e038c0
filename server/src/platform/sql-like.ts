/**
 * Text a user typed, made safe inside a LIKE / ILIKE pattern: `\`, `%` and `_` each get a backslash
 * (PostgreSQL's default LIKE escape), so they match themselves. The caller adds the `%` it means
 * (`%${escapeLike(q)}%` for "contains", `${escapeLike(q)}%` for "starts with") and binds the pattern as a
 * parameter.
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
