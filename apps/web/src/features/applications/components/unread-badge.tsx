// The count of a conversation's messages the reader has not read (BEYOND §10), shown as a number and
// read out in words ("3 unread messages"); nothing when there are none. It starts with a space, so a
// link or a button it ends reads "Open the conversation 3 unread messages".
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <>
      {' '}
      <span className="unread-badge">
        <span aria-hidden="true">{count}</span>
        <span className="visually-hidden">{unreadWords(count)}</span>
      </span>
    </>
  );
}

function unreadWords(count: number): string {
  return `${count} unread message${count === 1 ? '' : 's'}`;
}
