// A function of one string, its answers remembered for the keys last asked: past `max` keys the
// oldest asked first is forgotten. For pure work repeated on the same few inputs (cleaning a
// description, reading a page's address), where a request may not grow memory without bound.

export function remembered<T>(answerOf: (key: string) => T, max: number): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    if (answers.has(key)) return answers.get(key) as T;
    const answer = answerOf(key);
    if (answers.size >= max) answers.delete(answers.keys().next().value!);
    answers.set(key, answer);
    return answer;
  };
}
