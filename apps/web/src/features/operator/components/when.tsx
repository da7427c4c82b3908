import { dayText, momentText } from '../console-words';

/** A date the reader's locale writes, kept machine-readable for assistive technology. */
export function When({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  return <time dateTime={iso}>{withTime ? momentText(iso) : dayText(iso)}</time>;
}
