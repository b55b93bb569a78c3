// What other screens use of the funds feature (the portfolio page shows both).
export { DepositInstructions } from './deposit-instructions.tsx';
export { WithdrawalSection } from './withdrawal-section.tsx';
