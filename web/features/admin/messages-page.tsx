import { useQuery } from '@tanstack/react-query';
import type { ContactMessageDto } from '#http/dto.ts';
import { adminMessagesQuery } from '../../lib/queries.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Spinner } from '../../components/ui/spinner.tsx';

/** What visitors sent through the home page's contact form, newest first. */
export function MessagesPage() {
  usePageMeta('Contact messages', 'Messages sent through the Bulkhead contact form.');
  const { data, isPending, isError } = useQuery(adminMessagesQuery);
  return (
    <section aria-labelledby="messages-heading">
      <h2 id="messages-heading" className="mb-4 text-xl font-bold text-slate-900">
        Contact messages
      </h2>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <p role="alert">We could not load the messages. Please try again.</p>
      ) : data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">No messages yet.</p>
      ) : (
        <ul className="space-y-3">
          {data.map((message: ContactMessageDto) => (
            <li key={message.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <p className="font-semibold">
                {message.name} <span className="font-normal text-slate-600">&lt;{message.email}&gt; · {formatDate(message.createdAt)}</span>
              </p>
              <p className="mt-2 whitespace-pre-line text-slate-800">{message.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
