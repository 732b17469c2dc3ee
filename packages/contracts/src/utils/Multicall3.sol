// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The Multicall3 interface (aggregate3 and the read helpers) that viem and wallets expect
/// at 0xcA11bde05977b3631167028862bE2a173976CA11. The devnet places this runtime code there.
contract Multicall3 {
    struct Call {
        address target;
        bytes callData;
    }

    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    error CallFailed(uint256 index);

    function aggregate(Call[] calldata calls) external returns (uint256 blockNumber, bytes[] memory returnData) {
        blockNumber = block.number;
        returnData = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            if (!success) revert CallFailed(i);
            returnData[i] = data;
        }
    }

    function tryAggregate(bool requireSuccess, Call[] calldata calls) public returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            if (requireSuccess && !success) revert CallFailed(i);
            results[i] = Result(success, data);
        }
    }

    function aggregate3(Call3[] calldata calls) external returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            if (!calls[i].allowFailure && !success) revert CallFailed(i);
            results[i] = Result(success, data);
        }
    }

    function getEthBalance(address account) external view returns (uint256) {
        return account.balance;
    }

    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }

    function getCurrentBlockTimestamp() external view returns (uint256) {
        return block.timestamp;
    }

    function getChainId() external view returns (uint256) {
        return block.chainid;
    }

    function getBasefee() external view returns (uint256) {
        return block.basefee;
    }

    function getLastBlockHash() external view returns (bytes32) {
        return blockhash(block.number - 1);
    }
}
