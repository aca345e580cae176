import { useInfiniteQuery } from '@tanstack/react-query';
import { adminMessagesQuery, adminSubscribersQuery, useMarkContactMessage } from './api.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import type { ContactMessageDto, SubscriberDto } from '#http/dto.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';

/** The subject of a reply, so the customer sees which message it answers. */
const replyHref = (message: ContactMessageDto) =>
  `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent('Re: your message to Bulkhead')}&body=${encodeURIComponent(`\n\n> ${message.message.split('\n').join('\n> ')}`)}`;

/**
 * One message: unread ones stand out and say so (not by colour alone); Reply opens the admin's
 * mail program addressed to the customer; marking read (or unread again) updates the overview's count.
 */
function ContactMessageItem({ message }: { message: ContactMessageDto }) {
  const mark = useMarkContactMessage(message);
  const unread = message.readAt === null;
  return (
    <li className={`rounded-lg border bg-white p-4 ${unread ? 'border-l-4 border-amber-500' : 'border-slate-200'}`}>
      <p className="font-semibold">
        {unread ? <span className="mr-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900 uppercase">New</span> : null}
        {message.name} <span className="font-normal text-slate-600">&lt;{message.email}&gt; · {formatDate(message.createdAt)}</span>
      </p>
      <p className="mt-2 whitespace-pre-line text-slate-800">{message.message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={replyHref(message)} className={buttonClass('secondary', 'px-3 py-1.5')} aria-label={`Reply to ${message.name} by e-mail`}>
          Reply by e-mail
        </a>
        {/* Not disabled while saving: a disabled button drops the keyboard focus to the page body. */}
        <Button variant="secondary" className="px-3 py-1.5" aria-busy={mark.isPending} onClick={() => !mark.isPending && mark.mutate(unread)}>
          {unread ? 'Mark as read' : 'Mark as unread'}
        </Button>
      </div>
    </li>
  );
}

/** Every contact message, newest first, loaded 100 at a time. */
function ContactMessages() {
  const pages = useInfiniteQuery(adminMessagesQuery);
  return (
    <DashboardSection id="messages" title="Contact messages">
      <PagedList pages={pages} noun="message" failed="We could not load the messages. Please try again." empty="No messages yet.">
        {(messages) => (
          <ul className="space-y-3">
            {messages.map((message) => (
              <ContactMessageItem key={message.id} message={message} />
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
