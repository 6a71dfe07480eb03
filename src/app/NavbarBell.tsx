import { useGetUnreadMessagesQuery } from '../features/messages/messagesApi';
import { NotificationBell } from '../features/notifications/NotificationBell';

/** The navbar's bell, counting unread messages with the notifications (neither feature knows the other). */
export default function NavbarBell() {
  const { data: unreadMessages = 0 } = useGetUnreadMessagesQuery();
  return <NotificationBell alsoUnread={unreadMessages} />;
}
