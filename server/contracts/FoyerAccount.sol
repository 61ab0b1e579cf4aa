// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Account} from "@openzeppelin/contracts/account/Account.sol";
import {ERC7821} from "@openzeppelin/contracts/account/extensions/draft-ERC7821.sol";
import {ERC4337Utils} from "@openzeppelin/contracts/account/utils/ERC4337Utils.sol";
import {IEntryPoint} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";
import {ERC721Holder} from "@openzeppelin/contracts/token/ERC721/utils/ERC721Holder.sol";
import {ERC1155Holder} from "@openzeppelin/contracts/token/ERC1155/utils/ERC1155Holder.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ERC7739} from "@openzeppelin/contracts/utils/cryptography/signers/draft-ERC7739.sol";
import {SignerECDSA} from "@openzeppelin/contracts/utils/cryptography/signers/SignerECDSA.sol";

/// @title FoyerAccount
/// @notice The embedded wallet's ERC-4337 smart account, assembled from OpenZeppelin's audited account modules the way
/// OpenZeppelin's own account setup does it: one ECDSA owner key (SignerECDSA), user operations from EntryPoint v0.8,
/// batched calls (ERC-7821), and ERC-1271 signatures wrapped per ERC-7739 so an owner's signature for one account can
/// never be replayed on another. Each account is a minimal clone of one implementation, initialised with its owner.
contract FoyerAccount is
    Account,
    EIP712,
    ERC7739,
    SignerECDSA,
    ERC7821,
    ERC721Holder,
    ERC1155Holder,
    Initializable
{
    constructor() EIP712("FoyerAccount", "1") SignerECDSA(address(0)) {
        _disableInitializers();
    }

    /// @notice Sets the owner key of a fresh clone (the factory calls it in the same transaction).
    function initialize(address owner) external initializer {
        _setSigner(owner);
    }

    /// @notice EntryPoint v0.8 at its canonical address (OpenZeppelin's default is v0.9).
    function entryPoint() public pure override returns (IEntryPoint) {
        return ERC4337Utils.ENTRYPOINT_V08;
    }

    /// @dev The EntryPoint runs the calls of a validated user operation; the account may call itself.
    function _erc7821AuthorizedExecutor(
        address caller,
        bytes32 mode,
        bytes calldata executionData
    ) internal view override returns (bool) {
        return caller == address(entryPoint()) || super._erc7821AuthorizedExecutor(caller, mode, executionData);
    }
}

/// @title FoyerAccountFactory
/// @notice Deploys one FoyerAccount clone per (owner, salt) with CREATE2, so an account's address is known before it
/// exists (ERC-4337 initCode, ERC-6492 signatures). Anyone may call createAccount: it only ever gives `owner` its own
/// account, and answers the existing address when the account is already there.
contract FoyerAccountFactory {
    FoyerAccount public immutable implementation;

    constructor() {
        implementation = new FoyerAccount();
    }

    /// @notice The account of `owner` for `salt`, deployed and initialised unless it already exists.
    function createAccount(address owner, uint256 salt) external returns (address account) {
        bytes32 key = _key(owner, salt);
        account = Clones.predictDeterministicAddress(address(implementation), key);
        if (account.code.length == 0) {
            Clones.cloneDeterministic(address(implementation), key);
            FoyerAccount(payable(account)).initialize(owner);
        }
    }

    /// @notice The address createAccount gives for `owner` and `salt`.
    function getAddress(address owner, uint256 salt) external view returns (address) {
        return Clones.predictDeterministicAddress(address(implementation), _key(owner, salt));
    }

    function _key(address owner, uint256 salt) private pure returns (bytes32) {
        return keccak256(abi.encode(owner, salt));
    }
}
