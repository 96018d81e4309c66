/**
 * Query keys of the caller's notifications, shared by the side menu's red dot, the notifications screen and the
 * live events that refresh both (spec 1 §2.1, §2.9). One place, so an event can never miss a cache it should mark.
 */
export const notificationKeys = {
  /** Every notifications list of the user, whatever its filters or page. */
  lists: (userId: number) => ['users', userId, 'notifications'] as const,
  list: (userId: number, query: object) => ['users', userId, 'notifications', query] as const,
  /** The unread total behind the red dot. */
  pending: (userId: number) => ['users', userId, 'pending-notifications'] as const,
};
