/** A refused order, as the cart page shows it: the server's problems per line, for the lines as they stood. */
import type { CartDto } from '#http/dto.ts';

/** The lines as they stand, so a refusal's line problems are shown only until the lines change. */
export const linesKey = (view: CartDto): string => view.lines.map(({ productId, quantity }) => `${productId}:${quantity}`).join(',');

/** What the server said when it refused the order, for the lines as they stood then. */
export interface Refused {
  key: string;
  message: string;
  problems: Map<number, string>;
}

/** The problems the server named per line (`lines.2.quantity`), by line index. */
export const lineProblems = (fields: Record<string, string>): Map<number, string> => {
  const problems = new Map<number, string>();
  for (const [field, message] of Object.entries(fields)) {
    const index = /^lines\.(\d+)\./.exec(field)?.[1];
    if (index !== undefined && !problems.has(Number(index))) problems.set(Number(index), message);
  }
  return problems;
};

