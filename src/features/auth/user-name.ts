/** "First Last", or the username when no name is known. */
export function displayName(user: { username: string; first_name: string; last_name: string }): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
}
