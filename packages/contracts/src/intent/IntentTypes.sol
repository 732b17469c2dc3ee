// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice What a user asks for when opening an intent (the ERC-7683 `orderData`).
/// Token `address(0)` is the chain's native coin. An order has one or two outputs, delivered together or not
/// at all: `outputAmount` of `outputToken`, and, when `gasAmount` is not zero, that much native coin.
struct IntentOrderData {
    address inputToken;
    uint256 inputAmount;
    address outputToken;
    uint256 outputAmount; // minimum the recipient receives on the destination chain
    uint256 gasAmount; // native coin the recipient also receives there ("gas on arrival"); 0 for none
    uint256 destinationChainId;
    address destinationSettler;
    address recipient;
    uint256 nonce;
    uint32 expires; // after this time the user can be refunded without any attestation
}

/// @notice Everything a filler needs on the destination chain (the ERC-7683 `originData`).
/// The order id is keccak256(abi.encode(IntentOriginData)), so it binds every field below.
struct IntentOriginData {
    uint256 originChainId;
    address originSettler;
    address user;
    uint256 nonce;
    address inputToken;
    uint256 inputAmount;
    address outputToken;
    uint256 outputAmount;
    uint256 gasAmount;
    uint256 destinationChainId;
    address destinationSettler;
    address recipient;
    uint32 fillDeadline;
    uint32 expires;
}

library IntentTypes {
    bytes32 internal constant ORDER_DATA_TYPEHASH = keccak256(
        "IntentOrderData(address inputToken,uint256 inputAmount,address outputToken,uint256 outputAmount,uint256 gasAmount,uint256 destinationChainId,address destinationSettler,address recipient,uint256 nonce,uint32 expires)"
    );

    function orderId(bytes memory originData) internal pure returns (bytes32) {
        return keccak256(originData);
    }

    function toBytes32(address account) internal pure returns (bytes32) {
        return bytes32(uint256(uint160(account)));
    }
}
