/** What the messages' flows say (they come with the live stream's chunk, before any messages page is loaded): a block, a refusal. */
export const messageToasts = {
  tooFast: 'Too many messages: wait a minute.',
  blocked: 'You cannot message this user.',
  ended: 'This conversation has ended.',
  didBlock: (name: string) => `${name} is blocked`,
  didUnblock: (name: string) => `${name} is unblocked`,
} as const;
