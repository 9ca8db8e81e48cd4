/** What the Report and Block dialogs share: the member, the open state, and what follows a block. */
export type MemberDialogProps = {
  member: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The member is now blocked: leave the screen that showed them. */
  onBlocked: () => void;
};
