import { useQuery } from '@tanstack/react-query';
import type { ContactMessageDto, SubscriberDto } from '#http/dto.ts';
import { adminMessagesQuery, adminSubscribersQuery } from '../../lib/queries.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Spinner } from '../../components/ui/spinner.tsx';

const emptyBox = 'rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center';

function ContactMessages() {
  const { data, isPending, isError } = useQuery(adminMessagesQuery);
  return (
    <section aria-labelledby="messages-heading">
      <h2 id="messages-heading" className="mb-4 text-xl font-bold text-slate-900">
        Contact messages
      </h2>
      {isPending ? (
        <Spinner label="Loading messages" />
      ) : isError ? (
        <p role="alert">We could not load the messages. Please try again.</p>
      ) : data.length === 0 ? (
        <p className={emptyBox}>No messages yet.</p>
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

function NewsletterSubscribers() {
  const { data, isPending, isError } = useQuery(adminSubscribersQuery);
  return (
    <section aria-labelledby="subscribers-heading">
      <h2 id="subscribers-heading" className="mb-4 text-xl font-bold text-slate-900">
        Newsletter subscribers{data ? ` (${data.length})` : ''}
      </h2>
      {isPending ? (
        <Spinner label="Loading subscribers" />
      ) : isError ? (
        <p role="alert">We could not load the subscribers. Please try again.</p>
      ) : data.length === 0 ? (
        <p className={emptyBox}>No subscribers yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200">
            <thead className="bg-slate-100">
              <tr>
                <th className="px-3 py-3 text-left text-xs font-bold tracking-wide text-slate-700 uppercase">Email</th>
                <th className="px-3 py-3 text-left text-xs font-bold tracking-wide text-slate-700 uppercase">Subscribed</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.map((subscriber: SubscriberDto) => (
                <tr key={subscriber.email}>
                  <td className="px-3 py-2 text-sm text-slate-800">{subscriber.email}</td>
                  <td className="px-3 py-2 text-sm text-slate-700">{formatDate(subscriber.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The admins' inbox: what visitors sent through the contact form, and who subscribed to the newsletter. */
export function MessagesPage() {
  usePageMeta('Messages and subscribers', 'Messages sent through the Bulkhead contact form and newsletter subscribers.');
  return (
    <div className="space-y-10">
      <ContactMessages />
      <NewsletterSubscribers />
    </div>
  );
}
