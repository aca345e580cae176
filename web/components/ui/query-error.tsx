import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { errorMessage, isNotFound } from '../../lib/error-message.ts';

/** A route's load failed: say what the server said (e.g. "This product does not exist"). */
export function QueryError({ error }: ErrorComponentProps) {
  const text = errorMessage(error);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-extrabold text-slate-900">{isNotFound(error) ? 'Not found' : 'Something went wrong'}</h1>
      <p role="alert" className="mt-3 text-slate-700">
        {text}
      </p>
      <Link to="/" className="mt-6 inline-block font-semibold text-amber-800 underline">
        Back to home
      </Link>
    </section>
  );
}
