/** A helper who answered: a volunteer (a user) or an operator (an admin). */
export type Helper = { kind: 'volunteer'; userId: string } | { kind: 'operator'; adminId: string };

/** A member of a call as their socket knows them: a user (seeker or volunteer) or an operator. */
export type CallMember = { userId: string } | { adminId: string };

/** Who is on a socket of the calls namespaces. */
export interface Member {
  socketId: string;
}
export interface SeekerMember extends Member {
  userId: string;
}
export type HelperMember = Member & Helper;
