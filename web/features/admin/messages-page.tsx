import { useInfiniteQuery } from '@tanstack/react-query';
import { adminMessagesQuery, adminSubscribersQuery } from './api.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import type { SubscriberDto } from '#http/dto.ts';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';

/** Every contact message, newest first, loaded 100 at a time. */
function ContactMessages() {
  const pages = useInfiniteQuery(adminMessagesQuery);
  return (
    <DashboardSection id="messages" title="Contact messages">
      <PagedList pages={pages} noun="message" failed="We could not load the messages. Please try again." empty="No messages yet.">
        {(messages) => (
          <ul className="space-y-3">
            {messages.map((message) => (
              <li key={message.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <p className="font-semibold">
                  {message.name} <span className="font-normal text-slate-600">&lt;{message.email}&gt; · {formatDate(message.createdAt)}</span>
                </p>
                <p className="mt-2 whitespace-pre-line text-slate-800">{message.message}</p>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </DashboardSection>
  );
}

const subscriberColumns: Column<SubscriberDto>[] = [
  { header: 'Email', role: 'title', cell: (subscriber) => subscriber.email },
  { header: 'Subscribed', cell: (subscriber) => formatDate(subscriber.createdAt) },
];

/** Every newsletter subscriber, newest first, loaded 100 at a time. */
function NewsletterSubscribers() {
  const pages = useInfiniteQuery(adminSubscribersQuery);
  const loaded = pages.data?.pages.reduce((count, page) => count + page.items.length, 0);
  // The count of those loaded so far: "100+" while more pages wait behind Load more.
  const count = loaded === undefined ? '' : ` (${loaded}${pages.hasNextPage ? '+' : ''})`;
  return (
    <DashboardSection id="subscribers" title={`Newsletter subscribers${count}`}>
      <PagedList pages={pages} noun="subscriber" failed="We could not load the subscribers. Please try again." empty="No subscribers yet.">
        {(subscribers) => <DataTable caption="Newsletter subscribers" columns={subscriberColumns} rows={subscribers} rowKey={(subscriber) => subscriber.email} />}
      </PagedList>
    </DashboardSection>
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
