/** Text in the language asked, else the form's first language, else any. */
export function translated(
  text: Record<string, string> | undefined,
  language: string,
  fallback: string,
): string {
  if (!text) return '';
  return text[language] || text[fallback] || Object.values(text)[0] || '';
}
