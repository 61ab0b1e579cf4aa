// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {BasePaymaster} from "@account-abstraction/contracts/core/BasePaymaster.sol";
import {_packValidationData} from "@account-abstraction/contracts/core/Helpers.sol";
import {UserOperationLib} from "@account-abstraction/contracts/core/UserOperationLib.sol";
import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {PackedUserOperation} from "@account-abstraction/contracts/interfaces/PackedUserOperation.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

/// @title FoyerPaymaster
/// @notice A verifying paymaster, as the ERC-4337 team's sample VerifyingPaymaster (v0.7) is written, on v0.8's
/// BasePaymaster: it pays for a user operation when the operator's signer signed that exact operation. The signer is
/// an off-chain service (the Foyer server) that signs only what its policy allows. paymasterAndData is
/// `paymaster (20) | verificationGasLimit (16) | postOpGasLimit (16) | abi.encode(validUntil, validAfter) (64) |
/// signature (64 or 65)`; the signature is an EIP-191 signature over getHash(), which covers every field of the
/// operation except the signatures, plus the chain and this contract, so a signed operation cannot be altered or
/// replayed elsewhere.
contract FoyerPaymaster is BasePaymaster {
    using UserOperationLib for PackedUserOperation;

    /// @notice The key whose signature makes this paymaster pay.
    address public immutable verifyingSigner;

    uint256 private constant VALID_TIMESTAMP_OFFSET = PAYMASTER_DATA_OFFSET;
    uint256 private constant SIGNATURE_OFFSET = VALID_TIMESTAMP_OFFSET + 64;

    /// @param owner_ who may withdraw the deposit and manage the stake (not the CREATE2 deployer that creates it).
    constructor(IEntryPoint entryPoint_, address verifyingSigner_, address owner_) BasePaymaster(entryPoint_) {
        verifyingSigner = verifyingSigner_;
        _transferOwnership(owner_);
    }

    /// @notice The hash the signer signs (with the EIP-191 prefix) for `userOp` valid from `validAfter` to `validUntil`.
    function getHash(
        PackedUserOperation calldata userOp,
        uint48 validUntil,
        uint48 validAfter
    ) public view returns (bytes32) {
        return
            keccak256(
                abi.encode(
                    userOp.sender,
                    userOp.nonce,
                    keccak256(userOp.initCode),
                    keccak256(userOp.callData),
                    userOp.accountGasLimits,
                    uint256(bytes32(userOp.paymasterAndData[PAYMASTER_VALIDATION_GAS_OFFSET:PAYMASTER_DATA_OFFSET])),
                    userOp.preVerificationGas,
                    userOp.gasFees,
                    block.chainid,
                    address(this),
                    validUntil,
                    validAfter
                )
            );
    }

    /// @dev A wrong signature is not a revert: it answers SIG_VALIDATION_FAILED, which the EntryPoint refuses.
    function _validatePaymasterUserOp(
        PackedUserOperation calldata userOp,
        bytes32,
        uint256
    ) internal view override returns (bytes memory context, uint256 validationData) {
        (uint48 validUntil, uint48 validAfter, bytes calldata signature) = parsePaymasterAndData(
            userOp.paymasterAndData
        );
        require(signature.length == 64 || signature.length == 65, "FoyerPaymaster: bad signature length");
        bytes32 hash = MessageHashUtils.toEthSignedMessageHash(getHash(userOp, validUntil, validAfter));
        (address recovered, ECDSA.RecoverError error, ) = ECDSA.tryRecover(hash, signature);
        if (error != ECDSA.RecoverError.NoError || recovered != verifyingSigner)
            return ("", _packValidationData(true, validUntil, validAfter));
        return ("", _packValidationData(false, validUntil, validAfter));
    }

    /// @notice Splits paymasterAndData into the validity window and the signature.
    function parsePaymasterAndData(
        bytes calldata paymasterAndData
    ) public pure returns (uint48 validUntil, uint48 validAfter, bytes calldata signature) {
        (validUntil, validAfter) = abi.decode(paymasterAndData[VALID_TIMESTAMP_OFFSET:], (uint48, uint48));
        signature = paymasterAndData[SIGNATURE_OFFSET:];
    }
}
