/** A shell glob (`*`, `?`, `[...]`) as a regular expression. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const character = glob[index]!;
    if (character === '*') source += '[\\s\\S]*';
    else if (character === '?') source += '[\\s\\S]';
    else if (character === '\\' && index + 1 < glob.length) source += escapeRegExp(glob[++index]!);
    else if (character === '[') {
      const end = glob.indexOf(']', index + 2);
      if (end === -1) source += '\\[';
      else {
        source += `[${glob
          .slice(index + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        index = end;
      }
    } else source += escapeRegExp(character);
  }
  return new RegExp(source);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The value with the shortest or longest match of a glob removed from its front or back (`#`, `##`, `%`, `%%`). */
export function removeMatch(value: string, glob: RegExp, front: boolean, greedy: boolean): string {
  const lengths = [...Array(value.length + 1).keys()];
  const order = greedy ? lengths.reverse() : lengths;
  const whole = new RegExp(`^(?:${glob.source})$`);
  for (const length of order) {
    const part = front ? value.slice(0, length) : value.slice(value.length - length);
    if (whole.test(part))
      return front ? value.slice(length) : value.slice(0, value.length - length);
  }
  return value;
}
